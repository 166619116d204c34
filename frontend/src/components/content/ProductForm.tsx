'use client';

import { DeleteOutlined, PlusOutlined } from '@/components/icons';
import { Button, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useState } from 'react';
import { productSchema as rules } from '@parley/contracts/validation';
import { products, type Product } from '@/lib/api/content';
import { currencySymbol, discountedPrice, formatMoney } from '@/lib/format/money';
import { schemaRule } from '@/lib/forms/zod-fields';
import { ImageList, type ImageRef } from './ImageList';
import { useItemSave } from './useItemSave';
import styles from './Content.module.css';

interface OptionValues {
  value: string;
  priceAdjustment?: number | null;
  quantity?: number | null;
}
interface ProductValues {
  name: string;
  price?: number | null;
  hasDiscount: boolean;
  discount?: number | null;
  productUrl?: string;
  productType: string;
  description: string;
  variants: { name: string; trackQuantity: boolean; options: OptionValues[] }[];
}

const FIELDS = ['name', 'price', 'discount', 'productUrl', 'productType', 'description', 'variants'] as const;

function initialValues(p?: Product): ProductValues {
  return {
    name: p?.name ?? '',
    price: p?.price,
    hasDiscount: p?.hasDiscount ?? false,
    discount: p?.discount ?? 0,
    productUrl: p?.productUrl ?? '',
    productType: p?.productType ?? '',
    description: p?.description ?? '',
    variants: (p?.variants ?? []).map((v) => ({
      name: v.name,
      trackQuantity: v.trackQuantity ?? false,
      options: v.options.map((o) => ({
        value: o.value,
        priceAdjustment: o.priceAdjustment ?? 0,
        quantity: o.quantity,
      })),
    })),
  };
}

/** Screen 10: create or edit one product; the discounted price is derived, never typed. */
export function ProductForm({
  domainId,
  currency,
  product,
  onClose,
}: {
  domainId: string;
  /** The domain's currency (its settings'), USD when absent. */
  currency?: string;
  product?: Product;
  onClose(saved: boolean): void;
}) {
  const [form] = Form.useForm<ProductValues>();
  const [images, setImages] = useState<ImageRef[]>(() =>
    (product?.imageIds ?? []).map((id, i) => ({ id, url: product?.images?.[i] ?? `/api/images/${id}` })),
  );
  const { saving, save: saveItem } = useItemSave(form, products, FIELDS, {
    created: 'Product created successfully',
    updated: 'Product updated successfully',
    failed: 'Failed to save product',
  });
  const price = Form.useWatch('price', form);
  const hasDiscount = Form.useWatch('hasDiscount', form);
  const discount = Form.useWatch('discount', form);
  const derived = discountedPrice(price, hasDiscount, discount);

  const body = (values: ProductValues) => ({
    domainId,
    name: values.name,
    price: values.price ?? '',
    hasDiscount: values.hasDiscount,
    discount: values.hasDiscount ? (values.discount ?? 0) : 0,
    productUrl: values.productUrl ?? '',
    productType: values.productType,
    description: values.description,
    images: images.map((i) => i.id),
    variants: (values.variants ?? []).map((v) => ({
      name: v.name,
      trackQuantity: v.trackQuantity ?? false,
      options: (v.options ?? []).map((o) => ({
        value: o.value,
        priceAdjustment: o.priceAdjustment ?? 0,
        ...(v.trackQuantity ? { quantity: o.quantity ?? 0 } : {}),
      })),
    })),
  });
  const rule = (field: (typeof FIELDS)[number] | 'images') => [
    schemaRule(rules, field, () => body(form.getFieldsValue(true))),
  ];

  async function save(values: ProductValues) {
    if (await saveItem(product?.id, body(values))) onClose(true);
  }

  return (
    <Modal
      open
      title={product ? `Edit ${product.name}` : 'New product'}
      onCancel={() => onClose(false)}
      width={760}
      okText={product ? 'Save product' : 'Create product'}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues(product)}
        onFinish={save}
        noValidate
        data-testid="product-form"
      >
        <Form.Item name="name" label="Product name" rules={rule('name')} validateTrigger="onBlur">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Images">
          <ImageList domainId={domainId} value={images} onChange={setImages} max={10} />
        </Form.Item>
        <div className={styles.threeCols}>
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
          <Form.Item name="hasDiscount" label="Discount" valuePropName="checked">
            <Switch aria-label="Has discount" />
          </Form.Item>
          {hasDiscount && (
            <Form.Item name="discount" label="Discount (%)" rules={rule('discount')}>
              <InputNumber min={0} max={100} step={1} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          )}
        </div>
        {hasDiscount && derived !== undefined && (
          <p className={styles.derived} data-testid="discounted-price">
            Discounted price: <strong>{formatMoney(derived, currency)}</strong>
          </p>
        )}
        <div className={styles.twoCols}>
          <Form.Item
            name="productType"
            label="Product type"
            rules={rule('productType')}
            validateTrigger="onBlur"
          >
            <Input maxLength={80} placeholder="e.g. Mug" />
          </Form.Item>
          <Form.Item
            name="productUrl"
            label="Product URL"
            rules={rule('productUrl')}
            validateTrigger="onBlur"
          >
            <Input maxLength={2048} placeholder="https://" />
          </Form.Item>
        </div>
        <Form.Item
          name="description"
          label="Description"
          rules={rule('description')}
          validateTrigger="onBlur"
        >
          <Input.TextArea rows={4} maxLength={10_000} />
        </Form.Item>

        <Form.List name="variants">
          {(variants, { add, remove }) => (
            <div className={styles.variants}>
              {variants.map((v) => (
                <VariantEditor
                  key={v.key}
                  name={v.name}
                  currency={currency}
                  onRemove={() => remove(v.name)}
                />
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() =>
                  add({ name: '', trackQuantity: false, options: [{ value: '', priceAdjustment: 0 }] })
                }
                disabled={variants.length >= 10}
              >
                Add variant
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

function VariantEditor({ name, currency, onRemove }: { name: number; currency?: string; onRemove(): void }) {
  const track = Form.useWatch(['variants', name, 'trackQuantity']);
  return (
    <fieldset className={styles.variant} data-testid="variant">
      <div className={styles.variantHead}>
        <Form.Item
          name={[name, 'name']}
          label="Variant"
          rules={[{ required: true, whitespace: true, message: 'Please name the variant' }]}
        >
          <Input maxLength={80} placeholder="e.g. Colour" />
        </Form.Item>
        <Form.Item name={[name, 'trackQuantity']} label="Track quantity" valuePropName="checked">
          <Switch aria-label="Track quantity" />
        </Form.Item>
        <Button
          icon={<DeleteOutlined />}
          aria-label="Remove variant"
          onClick={onRemove}
          className={styles.removeVariant}
        />
      </div>
      <Form.List name={[name, 'options']}>
        {(options, { add, remove }) => (
          <>
            {options.map((o) => (
              <div key={o.key} className={styles.option}>
                <Form.Item
                  name={[o.name, 'value']}
                  label="Option"
                  rules={[{ required: true, whitespace: true, message: 'Please name the option' }]}
                >
                  <Input maxLength={80} placeholder="e.g. Blue" />
                </Form.Item>
                <Form.Item name={[o.name, 'priceAdjustment']} label="Price adjustment">
                  <InputNumber
                    step={0.5}
                    precision={2}
                    prefix={currencySymbol(currency)}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
                {track && (
                  <Form.Item name={[o.name, 'quantity']} label="Quantity" extra="0 or empty: not for sale">
                    <InputNumber min={0} step={1} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                )}
                <Button
                  icon={<DeleteOutlined />}
                  aria-label="Remove option"
                  onClick={() => remove(o.name)}
                  disabled={options.length <= 1}
                  className={styles.removeOption}
                />
              </div>
            ))}
            <Button
              type="dashed"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => add({ value: '', priceAdjustment: 0 })}
              disabled={options.length >= 50}
            >
              Add option
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
