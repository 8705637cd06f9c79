import { Button } from '@mantine/core';
import { leadExportUrl, LEAD_EXPORT_PATH } from './exportUrl';
import { useSharedText } from '../../i18n/sharedText';

/**
 * Downloads leads.csv for the given filters. A plain link: the browser streams the file to disk with
 * the session cookie, so an export of a million leads never sits in the page's memory.
 */
export function ExportCsvButton({
  params,
  path = LEAD_EXPORT_PATH,
  disabled,
  fullWidth,
}: {
  params: Record<string, string | number | undefined>;
  /** which export: the sub-admin's lists by default */
  path?: string;
  disabled?: boolean;
  fullWidth?: boolean;
}) {
  const { t } = useSharedText();
  if (disabled) {
    return (
      <Button variant="light" disabled fullWidth={fullWidth}>
        {t('list.exportCsv')}
      </Button>
    );
  }
  return (
    <Button component="a" href={leadExportUrl(params, path)} download="leads.csv" variant="light" fullWidth={fullWidth}>
      {t('list.exportCsv')}
    </Button>
  );
}
