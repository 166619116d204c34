'use client';

import { Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { appointmentTypeSchema as rules } from '@parley/contracts/validation';
import { appointmentTypes, type AppointmentType } from '@/lib/api/content';
import { currencySymbol, formatMoney } from '@/lib/format/money';
import { schemaRule } from '@/lib/forms/zod-fields';
import { ContentListCard, ItemActions } from './ContentListCard';
import { ImageList, type ImageRef } from './ImageList';
import { useDomainItems } from './useDomainItems';
import { useItemSave } from './useItemSave';
import styles from './Content.module.css';

const FIELDS = ['name', 'price', 'appointmentType'] as const;
const DELETED = { title: 'Appointment type deleted', name: (a: AppointmentType) => a.name };
interface Values {
  name: string;
  price?: number | null;
  appointmentType: string;
}

/** Appointment types visitors can book (name, image, price, type). */
export function AppointmentTypesTab({ domainId, currency }: { domainId: string; currency?: string }) {
  const items = useDomainItems(appointmentTypes, domainId, DELETED);

  return (
    <ContentListCard
      items={items}
      title="Appointment types"
      newLabel="New appointment type"
      errorTitle="The appointment types could not be loaded"
      emptyText="No appointment types yet"
      editor={(item, onClose) => (
        <AppointmentForm domainId={domainId} currency={currency} item={item} onClose={onClose} />
      )}
    >
      {(list) => (
        <ul className={styles.cards} data-testid="appointment-list">
          {list.map((a) => (
            <li key={a.id} data-testid="appointment">
              <div className={styles.productCell}>
                {a.image ? <img src={a.image} alt="" /> : <span className={styles.noImage} />}
                <div>
                  <strong>{a.name}</strong>
                  <p>
                    {a.appointmentType} · {formatMoney(a.price, currency)}
                  </p>
                </div>
              </div>
              <div>
                <ItemActions
                  name={a.name}
                  onEdit={() => items.setEditing(a)}
                  onDelete={() => items.remove(a)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </ContentListCard>
  );
}

function AppointmentForm({
  domainId,
  currency,
  item,
  onClose,
}: {
  domainId: string;
  currency?: string;
  item?: AppointmentType;
  onClose(saved: boolean): void;
}) {
  const [form] = Form.useForm<Values>();
  const [image, setImage] = useState<ImageRef[]>(
    item?.imageId ? [{ id: item.imageId, url: item.image ?? `/api/images/${item.imageId}` }] : [],
  );
  const { saving, save: saveItem } = useItemSave(form, appointmentTypes, FIELDS, {
    created: 'Appointment type created successfully',
    updated: 'Appointment type updated successfully',
    failed: 'Failed to save appointment type',
  });
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
    if (await saveItem(item?.id, body(values))) onClose(true);
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
              prefix={currencySymbol(currency)}
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
