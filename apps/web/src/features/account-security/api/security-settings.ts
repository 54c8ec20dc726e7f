import { type SecuritySettings, securitySettingsResponseSchema } from '@rtms/shared/schemas/mfa';
import { dataResource } from '../../../components/data/list-endpoint';

const securitySettings = dataResource(['security-settings'], '/security-settings', securitySettingsResponseSchema);

/** GET /api/security-settings (ALL_FACILITY_ADMIN). */
export const useSecuritySettings = securitySettings.useData;

/** PUT /api/security-settings */
export const useUpdateSecuritySettings = () => securitySettings.useChange<SecuritySettings>('PUT');
