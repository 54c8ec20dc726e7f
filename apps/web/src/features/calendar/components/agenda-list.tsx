import { Empty, List, Pagination, Skeleton, Typography } from 'antd';
import { useIntl } from 'react-intl';
import type { Task } from '@rtms/shared/schemas/tasks';
import { useT } from '../../../lib/i18n/use-t';
import { TaskStateTag } from '../../../components/task-tags';
import { useTasks, type TasksQuery } from '../../tasks/api/list-tasks';
import { Link } from 'react-router';
import { useState } from 'react';

const PAGE_SIZE = 50;

/** Tasks grouped under their due date, in order. */
function byDate(tasks: Task[]): [string, Task[]][] {
  const groups = new Map<string, Task[]>();
  for (const task of tasks) {
    const group = groups.get(task.dueDate);
    if (group) group.push(task);
    else groups.set(task.dueDate, [task]);
  }
  return [...groups];
}

/**
 * The agenda list (the default on a phone): the period's tasks from the task list, a page at a time,
 * under their due dates. `query` carries the list filters and the date range.
 */
export function AgendaList({ query, ariaLabel }: { query: TasksQuery; ariaLabel: string }) {
  const t = useT();
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const key = JSON.stringify(query);
  const [pageOf, setPageOf] = useState(key);
  if (pageOf !== key) {
    // A new period or filter starts on its first page.
    setPageOf(key);
    setPage(1);
  }
  const result = useTasks({ ...query, sort: 'dueDate', page, pageSize: PAGE_SIZE });
  if (result.isPending) return <Skeleton active />;
  const tasks = result.data?.data ?? [];
  if (tasks.length === 0) return <Empty description={t('calendar.empty')} />;
  return (
    <section aria-label={ariaLabel} className="calendar-agenda">
      {byDate(tasks).map(([date, group]) => (
        <div key={date} className="calendar-agenda__day">
          <Typography.Title level={2} className="calendar-agenda__date">
            {intl.formatDate(`${date}T00:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' })}
          </Typography.Title>
          <List
            size="small"
            dataSource={group}
            renderItem={(task) => (
              <List.Item className={`calendar-agenda__task calendar-agenda__task--${task.state.toLowerCase()}`}>
                <div className="calendar-agenda__text">
                  <Link to={`/tasks/${task._id}`}>{task.title}</Link>
                  <Typography.Text type="secondary" className="calendar-agenda__facility">
                    {task.facilityName}
                    {task.assigneeName ? ` · ${task.assigneeName}` : ''}
                  </Typography.Text>
                </div>
                <TaskStateTag task={task} />
              </List.Item>
            )}
          />
        </div>
      ))}
      <Pagination
        className="calendar-agenda__pages"
        current={page}
        pageSize={PAGE_SIZE}
        total={result.data?.meta.total ?? 0}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={setPage}
      />
    </section>
  );
}
