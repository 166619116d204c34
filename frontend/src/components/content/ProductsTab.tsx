'use client';

import { DeleteOutlined, EditOutlined, PlusOutlined } from '@/components/icons';
import { Alert, Button, Card, Empty, Popconfirm, Skeleton, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { products, type Product } from '@/lib/api/content';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { formatMoney } from '@/lib/format/money';
import { useToast } from '@/components/toast/useToast';
import { ProductForm } from './ProductForm';
import styles from './Content.module.css';

/** Screen 10: the domain's products, and the create/edit form. */
export function ProductsTab({ domainId }: { domainId: string }) {
  const [list, setList] = useState<Product[]>();
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState<Product | 'new'>();
  const toast = useToast();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setList((await products.list(domainId, signal)).data);
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

  async function edit(id: string) {
    try {
      setEditing((await products.get(id)).data);
    } catch (e) {
      toast.error('Failed to load product data', e instanceof ApiError ? e.message : undefined);
    }
  }

  async function remove(p: Product) {
    try {
      await products.remove(p.id);
      toast.success('Product deleted', p.name);
      setList((current) => current?.filter((x) => x.id !== p.id));
    } catch (e) {
      toast.error('An unexpected error occurred', errorSentence(e));
    }
  }

  return (
    <Card
      title="Products"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          New product
        </Button>
      }
    >
      {error && (
        <Alert
          type="error"
          showIcon
          title="The products could not be loaded"
          description={error}
          action={<Button onClick={() => void load()}>Try again</Button>}
        />
      )}
      {!list && !error && <Skeleton active />}
      {list && list.length === 0 && <Empty description="No products yet" />}
      {list && list.length > 0 && (
        <Table
          className={styles.table}
          rowKey="id"
          dataSource={list}
          pagination={list.length > 20 ? { pageSize: 20 } : false}
          data-testid="product-table"
          columns={[
            {
              title: 'Product',
              key: 'name',
              render: (_, p) => (
                <div className={styles.productCell}>
                  {p.image ? <img src={p.image} alt="" /> : <span className={styles.noImage} />}
                  <div>
                    <strong>{p.name}</strong>
                    {(p.variants?.length ?? 0) > 0 && (
                      <div>
                        {p.variants!.map((v) => (
                          <Tag key={v.name}>
                            {v.name}: {v.options.length}
                          </Tag>
                        ))}
                      </div>
                    )}
                  </div>
                </div>
              ),
            },
            { title: 'Type', dataIndex: 'productType', key: 'type', responsive: ['md'] },
            {
              title: 'Price',
              key: 'price',
              render: (_, p) =>
                p.hasDiscount ? (
                  <span data-testid="product-price">
                    {formatMoney(p.discountedPrice)}
                    <span className={styles.was}>{formatMoney(p.price)}</span>
                  </span>
                ) : (
                  <span data-testid="product-price">{formatMoney(p.price)}</span>
                ),
            },
            {
              title: '',
              key: 'actions',
              align: 'right',
              render: (_, p) => (
                <>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${p.name}`}
                    onClick={() => void edit(p.id)}
                  />
                  <Popconfirm
                    title={`Delete ${p.name}?`}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(p)}
                  >
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${p.name}`} />
                  </Popconfirm>
                </>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <ProductForm
          domainId={domainId}
          product={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) void load();
          }}
        />
      )}
    </Card>
  );
}
