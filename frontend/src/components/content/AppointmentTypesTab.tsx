'use client';

import { DeleteOutlined, EditOutlined, PlusOutlined } from '@/components/icons';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { appointmentTypeSchema as rules } from '@parley/contracts/validation';
import { appointmentTypes, type AppointmentType } from '@/lib/api/content';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { formatMoney } from '@/lib/format/money';
import { schemaRule, splitServerFields } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';
import { ImageList, type ImageRef } from './ImageList';
import styles from './Content.module.css';

const FIELDS = ['name', 'price', 'appointmentType'] as const;
interface Values {
  name: string;
  price?: number | null;
  appointmentType: string;
}

/** Appointment types visitors can book (name, image, price, type). */
export function AppointmentTypesTab({ domainId }: { domainId: string }) {
  const [list, setList] = useState<AppointmentType[]>();
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState<AppointmentType | 'new'>();
  const toast = useToast();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setList((await appointmentTypes.list(domainId, signal)).data);
        setError(undefined);
      } catch (e) {
        if (!signal?.aborted) setError(errorSentence(e));
      }
    },
    [domainId],
  );
  useEffect(() => {
    const c = new AbortController();
    void load(c.signal);
    return () => c.abort();
  }, [load]);

  async function remove(a: AppointmentType) {
    try {
      await appointmentTypes.remove(a.id);
      toast.success('Appointment type deleted', a.name);
      setList((current) => current?.filter((x) => x.id !== a.id));
    } catch (e) {
      toast.error('An unexpected error occurred', errorSentence(e));
    }
  }

  return (
    <Card
      title="Appointment types"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          New appointment type
        </Button>
      }
    >
      {error && (
        <Alert
          type="error"
          showIcon
          title="The appointment types could not be loaded"
          description={error}
          action={<Button onClick={() => void load()}>Try again</Button>}
        />
      )}
      {!list && !error && <Skeleton active />}
      {list && list.length === 0 && <Empty description="No appointment types yet" />}
      {list && list.length > 0 && (
        <ul className={styles.cards} data-testid="appointment-list">
          {list.map((a) => (
            <li key={a.id} data-testid="appointment">
              <div className={styles.productCell}>
                {a.image ? <img src={a.image} alt="" /> : <span className={styles.noImage} />}
                <div>
                  <strong>{a.name}</strong>
                  <p>
                    {a.appointmentType} · {formatMoney(a.price)}
                  </p>
                </div>
              </div>
              <div>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${a.name}`}
                  onClick={() => setEditing(a)}
                />
                <Popconfirm
                  title={`Delete ${a.name}?`}
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(a)}
                >
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${a.name}`} />
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <AppointmentForm
          domainId={domainId}
          item={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) void load();
          }}
        />
      )}
    </Card>
  );
}

function AppointmentForm({
  domainId,
  item,
  onClose,
}: {
  domainId: string;
  item?: AppointmentType;
  onClose(saved: boolean): void;
}) {
  const [form] = Form.useForm<Values>();
  const [image, setImage] = useState<ImageRef[]>(
    item?.imageId ? [{ id: item.imageId, url: item.image ?? `/api/images/${item.imageId}` }] : [],
  );
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const body = (v: Values) => ({
    domainId,
    name: v.name,
    price: v.price ?? '',
    appointmentType: v.appointmentType,
    ...(image[0] ? { image: image[0].id } : {}),
  });
  const rule = (field: (typeof FIELDS)[number]) => [
    schemaRule(rules, field, () => body(form.getFieldsValue(true))),
  ];

  async function save(values: Values) {
    setSaving(true);
    try {
      if (item) await appointmentTypes.update(item.id, body(values));
      else await appointmentTypes.create(body(values));
      toast.success(item ? 'Appointment type updated successfully' : 'Appointment type created successfully');
      onClose(true);
    } catch (e) {
      if (e instanceof ApiError) {
        const { onForm } = splitServerFields(e.fields, FIELDS);
        if (onForm.length) form.setFields(onForm);
      }
      toast.error('Failed to save appointment type', e instanceof ApiError ? e.message : undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={item ? `Edit ${item.name}` : 'New appointment type'}
      onCancel={() => onClose(false)}
      okText={item ? 'Save' : 'Create'}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        noValidate
        onFinish={save}
        data-testid="appointment-form"
        initialValues={{
          name: item?.name ?? '',
          price: item?.price,
          appointmentType: item?.appointmentType ?? '',
        }}
      >
        <Form.Item name="name" label="Appointment name" rules={rule('name')} validateTrigger="onBlur">
          <Input maxLength={200} placeholder="Discovery Call" />
        </Form.Item>
        <Form.Item label="Image">
          <ImageList domainId={domainId} value={image} onChange={setImage} max={1} />
        </Form.Item>
        <div className={styles.twoCols}>
          <Form.Item name="price" label="Price" rules={rule('price')} validateTrigger="onBlur">
            <InputNumber
              min={0}
              max={1_000_000}
              step={0.01}
              precision={2}
              prefix="$"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            name="appointmentType"
            label="Appointment type"
            rules={rule('appointmentType')}
            validateTrigger="onBlur"
          >
            <Input maxLength={80} placeholder="Video call" />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
