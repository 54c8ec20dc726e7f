import { Card, Col, Empty, Flex, Progress, Row, Table, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { TREND_MONTHS, type TaskSummary } from '@rtms/shared/schemas/task-summary';
import type { Task } from '@rtms/shared/schemas/tasks';
import { overdueAtFacilityQuery, overdueInCategoryQuery, summaryFigureQueries } from '@rtms/shared/summary-links';
import { useT } from '../../../lib/i18n/use-t';
import { useFormatters } from '../../../components/data/use-formatters';
import { useTasks } from '../../../features/tasks/api/list-tasks';
import { TaskStateTag } from '../../../components/task-tags';
import { tasksLink, UPCOMING_LIST, UPCOMING_QUERY } from './dashboard-links';
import { column } from '../../../components/data/common-columns';
import { RenewalsCard } from '../../../features/permits/components/renewals-card';
import { FindingsFiguresCard } from '../../../features/findings/components/findings-figures-card';

/**
 * The dashboard's cards below its figures: on-time rate, trend, overdue by facility and category, upcoming
 * deadlines. A chunk of its own (antd's Card, Progress and Table with its pagination, select and filter tree are
 * most of the screen's JavaScript), loaded once the figures are on screen (decision 024).
 */
export function DashboardDetails({ summary }: { summary: TaskSummary }) {
  const t = useT();
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <OnTimeCard summary={summary} />
        </Col>
        <Col xs={24} lg={16}>
          <TrendCard summary={summary} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.overdueByFacility')}>
            <Bars
              label={t('dashboard.overdueByFacility')}
              empty={t('dashboard.noneOverdue')}
              rows={summary.overdueByFacility.map((row) => ({
                key: row.facilityId,
                label: row.facilityName,
                count: row.count,
                to: tasksLink(overdueAtFacilityQuery(row.facilityId)),
              }))}
            />
            {summary.facilitiesWithOverdue > summary.overdueByFacility.length ? (
              <Typography.Text type="secondary" className="dashboard-more">
                {t('dashboard.moreFacilities', {
                  count: summary.facilitiesWithOverdue - summary.overdueByFacility.length,
                })}
              </Typography.Text>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.overdueByCategory')}>
            <Bars
              label={t('dashboard.overdueByCategory')}
              empty={t('dashboard.noneOverdue')}
              rows={summary.overdueByCategory.map((row) => ({
                key: row.category,
                label: t(`category.${row.category}`),
                count: row.count,
                to: tasksLink(overdueInCategoryQuery(row.category)),
              }))}
            />
          </Card>
        </Col>
      </Row>
      <FindingsFiguresCard />
      <UpcomingCard />
      <RenewalsCard />
    </>
  );
}

/** Share of completions on time over the trend's months, with the late and missed counts. */
function OnTimeCard({ summary }: { summary: TaskSummary }) {
  const t = useT();
  const format = useFormatters();
  const { onTime, late, missed, rate } = summary.timeliness;
  const percent = rate === null ? null : Math.round(rate * 1000) / 10;
  const links = summaryFigureQueries(summary.today);
  return (
    <Card title={t('dashboard.onTimeRate')} className="dashboard-card--fill">
      {percent === null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noCompletions')} />
      ) : (
        <Flex gap={24} align="center" wrap>
          <Progress
            type="circle"
            percent={percent}
            size={120}
            status={percent >= 90 ? 'success' : percent >= 70 ? 'normal' : 'exception'}
            format={() => format.number(rate ?? 0, { style: 'percent', maximumFractionDigits: 1 })}
            aria-label={t('dashboard.onTimeRateValue', {
              rate: format.number(rate ?? 0, { style: 'percent', maximumFractionDigits: 1 }),
            })}
          />
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{t('dashboard.onTimePeriod', { months: TREND_MONTHS })}</Typography.Text>
            <Link to={tasksLink(links.onTime)}>{t('dashboard.onTimeCount', { count: onTime })}</Link>
            <Link to={tasksLink(links.late)}>{t('dashboard.lateCount', { count: late })}</Link>
            <Link to={tasksLink(links.missed)}>{t('dashboard.missedCount', { count: missed })}</Link>
            {/* Completed but not yet signed by a second person: not counted above until approved. */}
            <Link to={tasksLink(links.awaitingReview)}>
              {t('dashboard.awaitingReviewCount', { count: summary.awaitingReview })}
            </Link>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}

/** Completions per month, on time / late / missed stacked; a table gives the same figures to screen readers. */
function TrendCard({ summary }: { summary: TaskSummary }) {
  const t = useT();
  const format = useFormatters();
  const intl = useIntl();
  const months = summary.completionsByMonth;
  const max = Math.max(1, ...months.map((month) => month.onTime + month.late + month.missed));
  const monthOf = (month: string, style: 'long' | 'short') =>
    intl.formatDate(`${month}-01T00:00:00Z`, {
      month: style,
      ...(style === 'long' ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
  const monthLabel = (month: string) => monthOf(month, 'long');
  return (
    <Card title={t('dashboard.trend')} className="dashboard-card--fill">
      <div className="dashboard-trend" aria-hidden>
        {months.map((month) => {
          const total = month.onTime + month.late + month.missed;
          return (
            <div key={month.month} className="dashboard-trend__month" title={monthLabel(month.month)}>
              <span className="dashboard-trend__total">{total ? format.number(total) : ''}</span>
              <div className="dashboard-trend__bar">
                {(['missed', 'late', 'onTime'] as const).map((kind) =>
                  month[kind] ? (
                    <span
                      key={kind}
                      className={`dashboard-trend__segment dashboard-trend__segment--${kind}`}
                      style={{ height: `${(month[kind] / max) * 100}%` }}
                    />
                  ) : null,
                )}
              </div>
              <span className="dashboard-trend__label">{monthOf(month.month, 'short')}</span>
            </div>
          );
        })}
      </div>
      <Flex gap={16} wrap className="dashboard-legend" aria-hidden>
        <span>
          <span className="dashboard-legend__swatch dashboard-trend__segment--onTime" /> {t('timeliness.ON_TIME')}
        </span>
        <span>
          <span className="dashboard-legend__swatch dashboard-trend__segment--late" /> {t('timeliness.LATE')}
        </span>
        <span>
          <span className="dashboard-legend__swatch dashboard-trend__segment--missed" /> {t('timeliness.MISSED')}
        </span>
      </Flex>
      <table className="visually-hidden">
        <caption>{t('dashboard.trend')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.month')}</th>
            <th scope="col">{t('timeliness.ON_TIME')}</th>
            <th scope="col">{t('timeliness.LATE')}</th>
            <th scope="col">{t('timeliness.MISSED')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month)}</th>
              <td>{format.number(month.onTime)}</td>
              <td>{format.number(month.late)}</td>
              <td>{format.number(month.missed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Horizontal bars, each a link to the tasks it counts. */
function Bars({
  rows,
  label,
  empty,
}: {
  rows: { key: string; label: string; count: number; to: string }[];
  label: string;
  empty: string;
}) {
  const format = useFormatters();
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  const max = Math.max(...rows.map((row) => row.count));
  return (
    <ul className="dashboard-bars" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key}>
          <Link to={row.to} className="dashboard-bars__row">
            <span className="dashboard-bars__name">{row.label}</span>
            <span className="dashboard-bars__track">
              <span className="dashboard-bars__fill" style={{ width: `${(row.count / max) * 100}%` }} />
            </span>
            <span className="dashboard-bars__count">{format.number(row.count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The next open tasks by due date (asked for with the figures: dashboard-page.tsx). */
function UpcomingCard() {
  const t = useT();
  const format = useFormatters();
  const { data, isPending } = useTasks(UPCOMING_QUERY);
  const rows = data?.data ?? [];
  return (
    <Card title={t('dashboard.upcoming')} extra={<Link to={tasksLink(UPCOMING_LIST)}>{t('dashboard.seeAll')}</Link>}>
      <Table<Task>
        size="small"
        rowKey="_id"
        aria-label={t('dashboard.upcoming')}
        loading={isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noUpcoming')} /> }}
        columns={[
          column(t('task.dueDate'), 'due', (task) => <span className="task-due">{format.date(task.dueDate)}</span>),
          column(t('task.title'), 'title', (task) => <Link to={`/tasks/${task._id}`}>{task.title}</Link>),
          { title: t('task.facility'), key: 'facility', dataIndex: 'facilityName' },
          column(t('data.status'), 'state', (task) => <TaskStateTag task={task} />),
          column(
            t('task.assignee'),
            'assignee',
            (task) => task.assigneeName ?? <Typography.Text type="secondary">{t('task.unassigned')}</Typography.Text>,
          ),
        ]}
      />
    </Card>
  );
}
