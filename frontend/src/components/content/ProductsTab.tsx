'use client';

import { Table, Tag } from 'antd';
import { products, type Product } from '@/lib/api/content';
import { ApiError } from '@/lib/api/errors';
import { formatMoney } from '@/lib/format/money';
import { useToast } from '@/components/toast/useToast';
import { ContentListCard, ItemActions } from './ContentListCard';
import { ProductForm } from './ProductForm';
import { useDomainItems } from './useDomainItems';
import styles from './Content.module.css';

const DELETED = { title: 'Product deleted', name: (p: Product) => p.name };

/** Screen 10: the domain's products, and the create/edit form. */
export function ProductsTab({ domainId, currency }: { domainId: string; currency?: string }) {
  const items = useDomainItems(products, domainId, DELETED);
  const toast = useToast();

  async function edit(id: string) {
    try {
      items.setEditing((await products.get(id)).data);
    } catch (e) {
      toast.error('Failed to load product data', e instanceof ApiError ? e.message : undefined);
    }
  }

  return (
    <ContentListCard
      items={items}
      title="Products"
      newLabel="New product"
      errorTitle="The products could not be loaded"
      emptyText="No products yet"
      editor={(item, onClose) => (
        <ProductForm domainId={domainId} currency={currency} product={item} onClose={onClose} />
      )}
    >
      {(list) => (
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
                    {formatMoney(p.discountedPrice, currency)}
                    <span className={styles.was}>{formatMoney(p.price, currency)}</span>
                  </span>
                ) : (
                  <span data-testid="product-price">{formatMoney(p.price, currency)}</span>
                ),
            },
            {
              title: '',
              key: 'actions',
              align: 'right',
              render: (_, p) => (
                <ItemActions name={p.name} onEdit={() => void edit(p.id)} onDelete={() => items.remove(p)} />
              ),
            },
          ]}
        />
      )}
    </ContentListCard>
  );
}
