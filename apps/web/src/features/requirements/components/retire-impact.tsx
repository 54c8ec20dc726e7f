import { Flex, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/use-t';
import { useFormatters } from '../../../components/data/use-formatters';
import { previewRequirement } from '../api/preview-requirement';

/** How many of the tasks to be removed the confirmation names; the count covers them all. */
const NAMED = 5;

/**
 * The body of a Retire confirmation: what retiring does, and the tasks it will remove (asked of the
 * server's preview with status RETIRED), so nobody confirms blind. Mounted only when the confirmation opens.
 */
export function RetireImpact({ requirementId }: { requirementId: string }) {
  const t = useT();
  const format = useFormatters();
  const preview = useQuery({
    queryKey: ['requirements', 'retire-preview', requirementId],
    queryFn: () => previewRequirement({ requirementId, status: 'RETIRED' }),
    staleTime: 0,
  });
  const removed = preview.data?.data.removed ?? [];
  return (
    <Flex vertical gap={4} className="retire-impact">
      <Typography.Text>{t('requirement.retireConfirmBody')}</Typography.Text>
      {preview.isPending ? (
        <Spin size="small" aria-label={t('app.loading')} />
      ) : preview.isError ? (
        <Typography.Text type="danger">{preview.error.message}</Typography.Text>
      ) : (
        <>
          <Typography.Text strong role="status">
            {t('requirement.retireWillRemove', { count: removed.length })}
          </Typography.Text>
          {removed.length ? (
            <ul className="retire-impact__list">
              {removed.slice(0, NAMED).map((task) => (
                <li key={task.taskId}>
                  <bdi>{task.facilityName}</bdi> · <bdi>{task.periodLabel}</bdi> · {format.date(task.dueDate)}
                </li>
              ))}
              {removed.length > NAMED ? (
                <li>{t('requirement.retireAndMore', { count: removed.length - NAMED })}</li>
              ) : null}
            </ul>
          ) : null}
        </>
      )}
    </Flex>
  );
}
