'use client';

import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileTextOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@/components/icons';
import {
  JOB_TYPE_LABELS,
  JOB_TYPES,
  jobListingSchema,
  type JobStatus,
  type JobType,
} from '@parley/contracts/validation';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Grid,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Table,
  Tag,
  type TableProps,
} from 'antd';
import Link from 'next/link';
import { useDeferredValue, useState } from 'react';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { useToast } from '@/components/toast/useToast';
import { adminApi, type Job } from '@/lib/api/editorial';
import { ApiError } from '@/lib/api/errors';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { PATHS } from '@/lib/routing/paths';
import { RichTextEditor } from './RichTextEditor';
import { formatDate } from './format';
import { useAdminList } from './useAdminList';
import styles from './Editorial.module.css';

interface Values {
  title: string;
  team: string;
  location: string;
  type?: JobType;
  description: string;
  status: JobStatus;
}
const FIELDS = ['title', 'team', 'location', 'type', 'description', 'status'] as const;
const PAGE_SIZE = 20;

export function JobStatusTag({ status }: { status: JobStatus }) {
  return status === 'open' ? <Tag color="green">Open</Tag> : <Tag>Closed</Tag>;
}

function JobForm({ job, onClose }: { job?: Job; onClose(saved: boolean): void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const rule = (field: (typeof FIELDS)[number]) => [
    schemaRule(jobListingSchema, field, () => form.getFieldsValue(true)),
  ];

  async function save(values: Values) {
    setSaving(true);
    try {
      if (job) await adminApi.jobs.update(job.id, values);
      else await adminApi.jobs.create(values);
      toast.success(job ? 'Job listing saved' : 'Job listing created');
      onClose(true);
    } catch (e) {
      if (e instanceof ApiError) {
        const { onForm } = splitServerFields(e.fields, FIELDS);
        if (onForm.length) form.setFields(onForm);
      }
      toast.error('Failed to save the job listing', e instanceof ApiError ? e.message : undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      width={820}
      title={job ? `Edit ${job.title}` : 'New job listing'}
      okText={job ? 'Save listing' : 'Create listing'}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          title: job?.title ?? '',
          team: job?.team ?? '',
          location: job?.location ?? '',
          type: job?.type,
          description: job?.description ?? '',
          status: job?.status ?? 'open',
        }}
        onFinish={save}
        noValidate
        data-testid="job-form"
      >
        <Form.Item name="title" label="Job title" rules={rule('title')} validateTrigger="onBlur">
          <Input maxLength={120} placeholder="e.g. Support engineer" />
        </Form.Item>
        <div className={styles.threeCols}>
          <Form.Item name="team" label="Team" rules={rule('team')} validateTrigger="onBlur">
            <Input maxLength={60} placeholder="e.g. Customer support" />
          </Form.Item>
          <Form.Item name="location" label="Location" rules={rule('location')} validateTrigger="onBlur">
            <Input maxLength={120} placeholder="e.g. Remote (Europe)" />
          </Form.Item>
          <Form.Item name="type" label="Type" rules={rule('type')}>
            <Select
              placeholder="Choose"
              options={JOB_TYPES.map((t) => ({ value: t, label: JOB_TYPE_LABELS[t] }))}
              data-testid="job-type"
            />
          </Form.Item>
        </div>
        <Form.Item
          name="description"
          label="Description"
          rules={rule('description')}
          validateTrigger="onBlur"
        >
          <RichTextEditor
            placeholder="What the job is, who you look for, how you work…"
            testId="job-description"
            aria-label="Description"
          />
        </Form.Item>
        <Form.Item name="status" label="Status" extra="Open listings are on /careers and take applications.">
          <Segmented<JobStatus>
            options={[
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
            ]}
            data-testid="job-status"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Job Listings (admin): open and closed positions with their applications; create, edit, close, delete. */
export function JobsPage() {
  const [status, setStatus] = useState<'all' | JobStatus>('all');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const [page, setPage] = useState(1);
  const { load, value, reload } = useAdminList(`${status}:${deferred}:${page}`, (signal) =>
    adminApi.jobs.list(
      { status: status === 'all' ? undefined : status, query: deferred, page, pageSize: PAGE_SIZE },
      signal,
    ),
  );
  const [editing, setEditing] = useState<Job | 'new' | null>(null);
  const toast = useToast();
  const wide = Grid.useBreakpoint().md ?? true;

  async function remove(job: Job) {
    try {
      await adminApi.jobs.remove(job.id);
      toast.success(`${job.title} was deleted`);
      reload();
    } catch (e) {
      toast.error('Failed to delete the listing', e instanceof ApiError ? e.message : undefined);
    }
  }

  const applications = (j: Job) => (
    <Link href={`${PATHS.adminApplications}?jobId=${j.id}`}>
      {j.applications?.total ?? 0} {(j.applications?.total ?? 0) === 1 ? 'application' : 'applications'}
      {j.applications?.waiting ? ` (${j.applications.waiting} waiting)` : ''}
    </Link>
  );
  const actions = (j: Job) => (
    <div className={styles.cardActions}>
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={() => setEditing(j)}
        aria-label={`Edit ${j.title}`}
      >
        Edit
      </Button>
      {j.status === 'open' && (
        <a href={`${PATHS.careers}/${j.id}`} target="_blank" rel="noreferrer">
          <Button size="small" icon={<EyeOutlined />} aria-label={`View ${j.title} on the careers page`} />
        </a>
      )}
      {j.applications?.total ? (
        <Link href={`${PATHS.adminApplications}?jobId=${j.id}`}>
          <Button size="small" icon={<FileTextOutlined />} aria-label={`Applications for ${j.title}`} />
        </Link>
      ) : (
        <Popconfirm
          title="Delete this listing?"
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(j)}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${j.title}`} />
        </Popconfirm>
      )}
    </div>
  );
  const columns: TableProps<Job>['columns'] = [
    {
      title: 'Position',
      key: 'title',
      render: (_, j) => (
        <div className={styles.titleCell}>
          <strong>{j.title}</strong>
          <span>
            {j.team} · {j.location} · {JOB_TYPE_LABELS[j.type]}
          </span>
        </div>
      ),
    },
    { title: 'Status', key: 'status', width: 100, render: (_, j) => <JobStatusTag status={j.status} /> },
    { title: 'Applications', key: 'applications', render: (_, j) => applications(j) },
    {
      title: 'Created',
      key: 'created',
      width: 130,
      responsive: ['lg'],
      render: (_, j) => <span className={styles.nowrap}>{formatDate(j.createdAt)}</span>,
    },
    { title: '', key: 'actions', width: 220, render: (_, j) => actions(j) },
  ];

  return (
    <div data-testid="jobs-page">
      <PageTitle
        title="Job Listings"
        description="Open positions are listed on /careers, where visitors apply with their CV."
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New listing
          </Button>
        }
      />
      <Card className={styles.card}>
        <div className={styles.toolbarRow}>
          <Segmented<'all' | JobStatus>
            value={status}
            onChange={(s) => {
              setStatus(s);
              setPage(1);
            }}
            options={[
              { value: 'all', label: 'All' },
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
            ]}
          />
          <Input
            allowClear
            className={styles.search}
            prefix={<SearchOutlined />}
            placeholder="Search listings"
            aria-label="Search listings"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
          />
        </div>
        {load.kind === 'failed' && (
          <Alert
            className={styles.alert}
            type="error"
            showIcon
            title="The listings could not be loaded"
            description={load.message}
            action={<Button onClick={reload}>Try again</Button>}
          />
        )}
        {!value && load.kind === 'loading' && <Skeleton active paragraph={{ rows: 4 }} />}
        {value && value.total === 0 && load.kind !== 'loading' && (
          <Empty
            description={
              deferred || status !== 'all'
                ? 'No listing matches.'
                : 'No job listings yet. Open positions appear on the careers page.'
            }
          />
        )}
        {value &&
          value.total > 0 &&
          (wide ? (
            <Table<Job>
              className={styles.table}
              rowKey="id"
              columns={columns}
              dataSource={value.data}
              loading={load.kind === 'loading'}
              onRow={(j) =>
                ({ 'data-testid': 'job-row', 'data-title': j.title }) as React.HTMLAttributes<HTMLElement>
              }
              pagination={{
                current: value.page,
                pageSize: value.pageSize,
                total: value.total,
                showSizeChanger: false,
                onChange: setPage,
              }}
            />
          ) : (
            <>
              <ul className={styles.cards}>
                {value.data.map((j) => (
                  <li key={j.id} className={styles.cardItem} data-testid="job-row" data-title={j.title}>
                    <div className={styles.cardTop}>
                      <div className={styles.titleCell}>
                        <strong>{j.title}</strong>
                        <span>
                          {j.team} · {j.location} · {JOB_TYPE_LABELS[j.type]}
                        </span>
                      </div>
                      <JobStatusTag status={j.status} />
                    </div>
                    {applications(j)}
                    {actions(j)}
                  </li>
                ))}
              </ul>
              {value.total > value.pageSize && (
                <Pagination
                  className={styles.pagination}
                  simple
                  current={value.page}
                  pageSize={value.pageSize}
                  total={value.total}
                  onChange={setPage}
                />
              )}
            </>
          ))}
      </Card>
      {editing && (
        <JobForm
          job={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) reload();
          }}
        />
      )}
    </div>
  );
}
