import { useEffect, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, Empty, Flex, Skeleton, Typography } from 'antd';
import {
  CalendarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  HourglassOutlined,
  InboxOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { addDays } from '@rtms/shared/calendar-date';
import { can } from '@rtms/shared/permissions';
import { DUE_WINDOW_DAYS, type TaskSummary } from '@rtms/shared/schemas/task-summary';
import { DUE_SOON_DAYS } from '@rtms/shared/schemas/tasks';
import { summaryFigureQueries } from '@rtms/shared/summary-links';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { useFormatters } from '../../../components/data/use-formatters';
import { useTaskSummary } from '../../../features/tasks/api/get-task-summary';
import { useTasks } from '../../../features/tasks/api/list-tasks';
import { tasksLink, UPCOMING_QUERY } from './dashboard-links';
import '../../../components/figure-tiles.css';
import './dashboard.css';

/**
 * / (Dashboard): counts of open tasks, due within 7 and 30 days, overdue and completed this month; the
 * on-time completion rate and its trend; overdue by facility and by category; upcoming deadlines. Every
 * figure links to the task list it counts.
 */
export function DashboardPage() {
  const t = useT();
  const { data, error, isPending, refetch } = useTaskSummary();

  return (
    <>
      <PageHeader title={t('nav.dashboard')} />
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('dashboard.loadFailed')}
          description={error.message}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('data.retry')}
            </Button>
          }
        />
      ) : isPending || !data ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <DashboardView summary={data.data} />
      )}
    </>
  );
}

function DashboardView({ summary }: { summary: TaskSummary }) {
  const trendTotal = summary.completionsByMonth.reduce(
    (sum, month) => sum + month.onTime + month.late + month.missed,
    0,
  );
  const empty = summary.open === 0 && summary.upcoming === 0 && trendTotal === 0 && summary.overdue === 0;
  return empty ? <DashboardEmpty /> : <DashboardFigures summary={summary} />;
}

function DashboardEmpty() {
  const t = useT();
  const me = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Empty
      className="dashboard-empty"
      description={
        <>
          <Typography.Text strong>{t('dashboard.emptyTitle')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('dashboard.emptyBody')}</Typography.Text>
        </>
      }
    >
      {can(me.role, 'requirement:manage') ? (
        <Button type="primary" onClick={() => void navigate('/requirements')}>
          {t('dashboard.goToRequirements')}
        </Button>
      ) : null}
    </Empty>
  );
}

/** The six figures, each a link to the tasks it counts; the cards below follow once these are on screen. */
function DashboardFigures({ summary }: { summary: TaskSummary }) {
  const t = useT();
  const format = useFormatters();
  // The upcoming deadlines are asked for with the figures, not once the cards' chunk has arrived.
  useTasks(UPCOMING_QUERY);
  const { today } = summary;
  const links = summaryFigureQueries(today);
  const monthCompleted = summary.completionsByMonth.at(-1);

  const figures: {
    key: string;
    label: string;
    value: number;
    to: string;
    icon: ReactNode;
    tone: string;
    note: string;
  }[] = [
    {
      key: 'open',
      label: t('dashboard.open'),
      value: summary.open,
      to: tasksLink(links.open),
      icon: <InboxOutlined aria-hidden />,
      tone: 'neutral',
      note: t('dashboard.openNote'),
    },
    {
      key: 'upcoming',
      label: t('dashboard.upcomingFigure'),
      value: summary.upcoming,
      to: tasksLink(links.upcoming),
      icon: <HourglassOutlined aria-hidden />,
      tone: 'neutral',
      note: t('dashboard.upcomingNote'),
    },
    {
      key: 'dueSoon',
      label: t('dashboard.dueSoon', { days: DUE_SOON_DAYS }),
      value: summary.dueSoon,
      to: tasksLink(links.dueSoon),
      icon: <ClockCircleOutlined aria-hidden />,
      tone: summary.dueSoon ? 'warning' : 'neutral',
      note: t('dashboard.dueSoonNote'),
    },
    {
      key: 'dueWindow',
      label: t('dashboard.dueWindow', { days: DUE_WINDOW_DAYS }),
      value: summary.dueInWindow,
      to: tasksLink(links.dueInWindow),
      icon: <CalendarOutlined aria-hidden />,
      tone: 'neutral',
      note: t('dashboard.dueWindowNote', {
        from: format.date(today),
        to: format.date(addDays(today, DUE_WINDOW_DAYS)),
      }),
    },
    {
      key: 'overdue',
      label: t('dashboard.overdue'),
      value: summary.overdue,
      to: tasksLink(links.overdue),
      icon: <ExclamationCircleOutlined aria-hidden />,
      tone: summary.overdue ? 'danger' : 'success',
      note: summary.overdue
        ? t('dashboard.overdueNote', { facilities: format.number(summary.facilitiesWithOverdue) })
        : t('dashboard.noneOverdue'),
    },
    {
      key: 'completed',
      label: t('dashboard.completedThisMonth'),
      value: summary.completedThisMonth,
      to: tasksLink(links.completedThisMonth),
      icon: <CheckCircleOutlined aria-hidden />,
      tone: 'success',
      note: monthCompleted
        ? t('dashboard.completedNote', {
            onTime: format.number(monthCompleted.onTime),
            late: format.number(monthCompleted.late + monthCompleted.missed),
          })
        : '',
    },
  ];

  return (
    <Flex vertical gap={16}>
      <div
        className="dashboard-figures"
        style={{ '--figure-count': figures.length, '--figure-rows-of': Math.ceil(figures.length / 2) } as CSSProperties}
      >
        {figures.map((figure) => (
          <Link key={figure.key} to={figure.to} className={`dashboard-figure dashboard-figure--${figure.tone}`}>
            <span className="dashboard-figure__icon">{figure.icon}</span>
            <span className="dashboard-figure__body">
              <span className="dashboard-figure__label">{figure.label}</span>
              <span className="dashboard-figure__value">{format.number(figure.value)}</span>
              <span className="dashboard-figure__note">{figure.note}</span>
            </span>
          </Link>
        ))}
      </div>
      <DetailsAfterFigures summary={summary} />
    </Flex>
  );
}

/**
 * The cards below the figures, downloaded once the figures are on screen: their chunk (Card, Progress, Table)
 * is most of the screen's JavaScript, and on a phone they are below the fold. Until then an empty block of
 * about their height keeps the footer where it will be. A failed download goes to the route's error page, as
 * a screen's own would.
 */
function DetailsAfterFigures({ summary }: { summary: TaskSummary }) {
  const [loaded, setLoaded] = useState<{ Details?: ComponentType<{ summary: TaskSummary }>; error?: unknown }>({});
  useEffect(() => {
    let current = true;
    import('./dashboard-details').then(
      (module) => current && setLoaded({ Details: module.DashboardDetails }),
      (error: unknown) => current && setLoaded({ error }),
    );
    return () => {
      current = false;
    };
  }, []);
  if (loaded.error) throw loaded.error;
  const { Details } = loaded;
  return Details ? <Details summary={summary} /> : <div className="dashboard-details-pending" />;
}
