import type { FormRule } from 'antd';

/**
 * The expiry date's check against the effective date, on the field itself (the shared schema checks the pair
 * on the whole body, which only the server's answer or the submit would name): `message` when it is before.
 */
export function expiryNotBeforeEffective(message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: string | null | undefined) => {
      const effectiveOn = getFieldValue('effectiveOn') as string | null | undefined;
      return !value || !effectiveOn || value >= effectiveOn ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });
}
