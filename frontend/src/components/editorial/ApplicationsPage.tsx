'use client';

import { DownloadOutlined, FilePdfOutlined, SearchOutlined } from '@/components/icons';
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  applicationNoteSchema,
  type ApplicationStatus,
} from '@parley/contracts/validation';
import {
  Alert,
  Button,
  Card,
  Drawer,
  Empty,
  Form,
  Grid,
  Input,
  Pagination,
  Select,
  Skeleton,
  Table,
  Tag,
  type TableProps,
} from 'antd';
import { usePathname, useSearchParams } from 'next/navigation';
import { replaceQuery } from '@/lib/routing/replace-query';
import { useEffect, useState } from 'react';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { useToast } from '@/components/toast/useToast';
import { adminApi, queryString, type Application, type Job } from '@/lib/api/editorial';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { schemaRule, visibleMessage } from '@/lib/forms/zod-fields';
import { formatBytes, formatDate, formatDateTime } from './format';
import { useAdminList } from './useAdminList';
import styles from './Editorial.module.css';

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<ApplicationStatus, string> = {
  new: 'blue',
  reviewing: 'gold',
  rejected: 'default',
  hired: 'green',
};

export function ApplicationStatusTag({ status }: { status: ApplicationStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{APPLICATION_STATUS_LABELS[status]}</Tag>;
}

function ApplicationDetail({ id, onChanged }: { id: string; onChanged(): void }) {
  const [application, setApplication] = useState<Application | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [savingStatus, setSavingStatus] = useState(false);
  const [noteForm] = Form.useForm<{ text: string }>();
  const [savingNote, setSavingNote] = useState(false);
  const toast = useToast();

  useEffect(() => {
    const controller = new AbortController();
    setApplication(null);
    setFailed(null);
    adminApi.applications
      .get(id, controller.signal)
      .then(setApplication)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setFailed(errorSentence(e));
      });
    return () => controller.abort();
  }, [id]);

  async function changeStatus(status: ApplicationStatus) {
    setSavingStatus(true);
    try {
      setApplication(await adminApi.applications.setStatus(id, status));
      toast.success(`Marked as ${APPLICATION_STATUS_LABELS[status].toLowerCase()}`);
      onChanged();
    } catch (e) {
      toast.error('Failed to change the status', e instanceof ApiError ? e.message : undefined);
    } finally {
      setSavingStatus(false);
    }
  }

  async function addNote({ text }: { text: string }) {
    setSavingNote(true);
    try {
      setApplication(await adminApi.applications.addNote(id, text));
      noteForm.resetFields();
      onChanged();
    } catch (e) {
      if (e instanceof ApiError && e.fields.length)
        noteForm.setFields([{ name: 'text', errors: [visibleMessage(e.fields[0]!.message)] }]);
      toast.error('Failed to add the note', e instanceof ApiError ? e.message : undefined);
    } finally {
      setSavingNote(false);
    }
  }

  if (failed)
    return <Alert type="error" showIcon title="The application could not be loaded" description={failed} />;
  if (!application) return <Skeleton active paragraph={{ rows: 8 }} />;
  const a = application;
  return (
    <div className={styles.detail} data-testid="application-detail">
      <section>
        <h3>Applied for</h3>
        <p style={{ margin: 0 }}>
          <strong>{a.jobTitle}</strong>{' '}
          <span className={styles.muted}>on {formatDateTime(a.submittedAt)}</span>
        </p>
      </section>
      <section>
        <h3>Email</h3>
        <a href={`mailto:${a.email}`}>{a.email}</a>
      </section>
      <section>
        <h3>Status</h3>
        <Select<ApplicationStatus>
          value={a.status}
          loading={savingStatus}
          disabled={savingStatus}
          onChange={(s) => void changeStatus(s)}
          options={APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] }))}
          style={{ minWidth: 180 }}
          aria-label="Status"
          data-testid="application-status"
        />
      </section>
      <section>
        <h3>CV</h3>
        <a href={adminApi.applications.cvUrl(a.id)} download={a.cv.filename} data-testid="application-cv">
          <Button icon={<DownloadOutlined />}>
            <FilePdfOutlined /> {a.cv.filename} ({formatBytes(a.cv.size)})
          </Button>
        </a>
      </section>
      {a.links && a.links.length > 0 && (
        <section>
          <h3>Links</h3>
          <ul className={styles.links}>
            {a.links.map((l) => (
              <li key={l}>
                <a href={l} target="_blank" rel="noopener noreferrer nofollow">
                  {l}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h3>Cover letter</h3>
        {a.coverLetter ? (
          <p className={styles.letter}>{a.coverLetter}</p>
        ) : (
          <p className={styles.muted}>None given.</p>
        )}
      </section>
      <section>
        <h3>Notes</h3>
        {a.notes && a.notes.length > 0 ? (
          <ul className={styles.notes} data-testid="application-notes">
            {a.notes.map((n) => (
              <li key={n.id}>
                <p>{n.text}</p>
                <span>
                  {n.authorName}, {formatDateTime(n.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No notes yet. Notes are for admins only.</p>
        )}
        <Form form={noteForm} onFinish={addNote} noValidate requiredMark={false} data-testid="note-form">
          <Form.Item
            name="text"
            rules={[schemaRule(applicationNoteSchema, 'text', () => noteForm.getFieldsValue(true))]}
            validateTrigger="onSubmit"
          >
            <Input.TextArea
              rows={3}
              maxLength={2000}
              placeholder="Add a note for the other admins"
              aria-label="Note"
            />
          </Form.Item>
          <Button htmlType="submit" loading={savingNote}>
            Add note
          </Button>
        </Form>
      </section>
    </div>
  );
}

/** Applications (admin): what visitors sent from /careers, per listing and status; review each in a drawer. */
export function ApplicationsPage() {
  const pathname = usePathname();
  const search = useSearchParams();
  const view = {
    jobId: search.get('jobId') ?? '',
    status: (search.get('status') ?? '') as ApplicationStatus | '',
    query: search.get('query') ?? '',
    page: Math.max(1, Number(search.get('page')) || 1),
    open: search.get('open') ?? '',
  };
  const go = (next: Partial<typeof view>) => {
    const merged = { ...view, page: 1, ...next };
    replaceQuery(`${pathname}${queryString({ ...merged, page: merged.page > 1 ? merged.page : '' })}`);
  };
  const [typed, setTyped] = useState(view.query);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== view.query) go({ query: typed.trim(), open: '' });
    }, 300);
    return () => clearTimeout(timer);
    // Debounces typing only: \`go\` is re-created each render and a new query from the address
    // (back, a link) must not be sent again, so neither re-runs this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  const { open: _open, ...listView } = view;
  const {
    load,
    value: page,
    reload,
  } = useAdminList(JSON.stringify(listView), (signal) =>
    adminApi.applications.list(
      {
        jobId: view.jobId || undefined,
        status: view.status || undefined,
        query: view.query,
        page: view.page,
        pageSize: PAGE_SIZE,
      },
      signal,
    ),
  );
  const [jobs, setJobs] = useState<Job[]>([]);
  useEffect(() => {
    adminApi.jobs
      .list({ pageSize: 100 })
      .then((p) => setJobs(p.data))
      .catch(() => undefined);
  }, []);
  const wide = Grid.useBreakpoint().md ?? true;
  const filtered = view.jobId !== '' || view.status !== '' || view.query !== '';
  const openOne = (a: Application) => go({ ...view, open: a.id });

  const columns: TableProps<Application>['columns'] = [
    {
      title: 'Applicant',
      key: 'name',
      render: (_, a) => (
        <div className={styles.titleCell}>
          <strong>{a.name}</strong>
          <span>{a.email}</span>
        </div>
      ),
    },
    { title: 'Position', dataIndex: 'jobTitle', key: 'job' },
    {
      title: 'Status',
      key: 'status',
      width: 120,
      render: (_, a) => <ApplicationStatusTag status={a.status} />,
    },
    { title: 'Notes', dataIndex: 'noteCount', key: 'notes', width: 80, responsive: ['lg'] },
    {
      title: 'Applied',
      key: 'submitted',
      width: 130,
      render: (_, a) => <span className={styles.nowrap}>{formatDate(a.submittedAt)}</span>,
    },
    {
      title: '',
      key: 'open',
      width: 90,
      render: (_, a) => (
        <Button size="small" onClick={() => openOne(a)}>
          Review
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="applications-page">
      <PageTitle
        title="Applications"
        description="Applications visitors sent for the job listings, with their CVs. Review them, note what you think, decide."
      />
      <Card className={styles.card}>
        <div className={styles.toolbarRow}>
          <div className={styles.filters}>
            <Select
              className={styles.filterSelect}
              style={{ minWidth: 220 }}
              value={view.jobId}
              onChange={(jobId: string) => go({ jobId, open: '' })}
              options={[
                { value: '', label: 'All listings' },
                ...jobs.map((j) => ({ value: j.id, label: j.title })),
              ]}
              aria-label="Listing"
              data-testid="applications-job"
            />
            <Select
              className={styles.filterSelect}
              value={view.status}
              onChange={(status: ApplicationStatus | '') => go({ status, open: '' })}
              options={[
                { value: '', label: 'Any status' },
                ...APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] })),
              ]}
              aria-label="Status"
              data-testid="applications-status"
            />
          </div>
          <Input
            allowClear
            className={styles.search}
            prefix={<SearchOutlined />}
            placeholder="Search name, email, letter"
            aria-label="Search applications"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        {load.kind === 'failed' && (
          <Alert
            className={styles.alert}
            type="error"
            showIcon
            title="The applications could not be loaded"
            description={load.message}
            action={<Button onClick={reload}>Try again</Button>}
          />
        )}
        {!page && load.kind === 'loading' && <Skeleton active paragraph={{ rows: 5 }} />}
        {page && page.total === 0 && load.kind !== 'loading' && (
          <Empty
            description={
              filtered
                ? 'No application matches these filters.'
                : 'No applications yet. They arrive here when visitors apply on the careers page.'
            }
          >
            {filtered && <Button onClick={() => replaceQuery(pathname)}>Show all applications</Button>}
          </Empty>
        )}
        {page &&
          page.total > 0 &&
          (wide ? (
            <Table<Application>
              className={styles.table}
              rowKey="id"
              columns={columns}
              dataSource={page.data}
              loading={load.kind === 'loading'}
              onRow={(a) =>
                ({
                  'data-testid': 'application-row',
                  'data-email': a.email,
                }) as React.HTMLAttributes<HTMLElement>
              }
              pagination={{
                current: page.page,
                pageSize: page.pageSize,
                total: page.total,
                showSizeChanger: false,
                showTotal: (total, [from, to]) => `${from}-${to} of ${total} applications`,
                onChange: (p) => go({ ...view, page: p }),
              }}
            />
          ) : (
            <>
              <ul className={styles.cards}>
                {page.data.map((a) => (
                  <li
                    key={a.id}
                    className={styles.cardItem}
                    data-testid="application-row"
                    data-email={a.email}
                  >
                    <div className={styles.cardTop}>
                      <div className={styles.titleCell}>
                        <strong>{a.name}</strong>
                        <span>{a.email}</span>
                      </div>
                      <ApplicationStatusTag status={a.status} />
                    </div>
                    <span className={styles.muted}>
                      {a.jobTitle} · {formatDate(a.submittedAt)}
                    </span>
                    <div className={styles.cardActions}>
                      <Button size="small" onClick={() => openOne(a)}>
                        Review
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
              {page.total > page.pageSize && (
                <Pagination
                  className={styles.pagination}
                  simple
                  current={page.page}
                  pageSize={page.pageSize}
                  total={page.total}
                  onChange={(p) => go({ ...view, page: p })}
                />
              )}
            </>
          ))}
      </Card>
      <Drawer
        open={view.open !== ''}
        onClose={() => go({ ...view, open: '' })}
        title={page?.data.find((a) => a.id === view.open)?.name ?? 'Application'}
        width={wide ? 560 : '100%'}
        destroyOnHidden
      >
        {view.open && <ApplicationDetail id={view.open} onChanged={reload} />}
      </Drawer>
    </div>
  );
}
