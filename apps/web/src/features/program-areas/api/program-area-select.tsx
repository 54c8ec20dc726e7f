import { useT } from '../../../lib/i18n/use-t';
import { RemoteSelect, type RemoteSelectProps } from '../../../components/data/remote-select';
import { fetchProgramAreaOptions } from './program-area-options';

/** A form's choice of program areas, searched on the server; inactive ones are shown (marked) but cannot be chosen. */
export function ProgramAreaSelect(props: Omit<RemoteSelectProps, 'queryKey' | 'fetchOptions'>) {
  const t = useT();
  return (
    <RemoteSelect
      queryKey={['program-areas', 'options']}
      fetchOptions={(search) => fetchProgramAreaOptions(search, t('data.inactive'))}
      {...props}
    />
  );
}
