import { Card, Empty, Flex, Typography } from 'antd';
import { useT } from '../../lib/i18n/use-t';
import { PageHeader } from '../../components/page-header';
import { TasksTable } from '../../features/tasks/components/tasks-table';
import { ExtensionRequestsTable } from '../../features/reviews/components/extension-requests-table';
import '../../components/data/data.css';
import '../../features/reviews/components/reviews.css';

/**
 * /reviews (the facility admins and the all-facility roles): the completions awaiting a review in their
 * facilities ("To review", the Tracker's list of state PENDING_REVIEW) and the extension requests to decide.
 */
export function ReviewsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('review.pageTitle')} />
      <Typography.Paragraph type="secondary">{t('review.pageIntro')}</Typography.Paragraph>
      <Flex vertical gap={16}>
        <Card title={<h2 className="review-card-title">{t('review.toReview')}</h2>}>
          <TasksTable
            label={t('review.toReview')}
            fileName="to-review"
            prefix="review"
            selectable={false}
            defaultView="toReview"
            empty={<Empty description={t('review.toReviewEmpty')} />}
          />
        </Card>
        <Card title={<h2 className="review-card-title">{t('review.extensions')}</h2>}>
          <ExtensionRequestsTable />
        </Card>
      </Flex>
    </>
  );
}
