import { useRef, useState } from 'react';
import { imageSrc } from './api';
import { Icon } from './icons';
import { buyNowHref, formatPrice, optionDisabled, productPrice } from './price';
import type { AppointmentType, Product } from './types';
import { useModal } from './use-modal';

const productImage = (p: Product) => imageSrc(p.image ?? p.images?.[0]);

export function ProductsTab({
  products,
  appointmentTypes,
  onOpen,
  onBook,
}: {
  products: Product[] | null;
  appointmentTypes: AppointmentType[];
  onOpen: (id: string) => void;
  onBook: (appointmentTypeId: string) => void;
}) {
  if (!products) return <p className="pw-muted">Loading…</p>;
  return (
    <div className="pw-products" data-testid="products">
      {appointmentTypes.length > 0 && (
        <section>
          <h3>Meetings</h3>
          <div className="pw-grid">
            {appointmentTypes.map((a) => (
              <button
                type="button"
                key={a.id}
                className="pw-product"
                onClick={() => onBook(a.id)}
                data-testid="appointment-card"
              >
                {imageSrc(a.image) ? (
                  <img src={imageSrc(a.image)!} alt="" />
                ) : (
                  <span className="pw-product-ph">
                    <Icon name="calendar" size={28} />
                  </span>
                )}
                <strong>{a.name}</strong>
                {typeof a.price === 'number' && a.price > 0 && <b>{formatPrice(a.price)}</b>}
                <span className="pw-muted">Book a meeting</span>
              </button>
            ))}
          </div>
        </section>
      )}
      {products.length === 0 && appointmentTypes.length === 0 && <p className="pw-muted">No products yet.</p>}
      {products.length > 0 && (
        <div className="pw-grid">
          {products.map((p) => {
            const price = productPrice(p);
            const src = productImage(p);
            return (
              <button
                type="button"
                key={p.id}
                className="pw-product"
                onClick={() => onOpen(p.id)}
                data-testid="product-card"
              >
                {src ? (
                  <img src={src} alt="" />
                ) : (
                  <span className="pw-product-ph">
                    <Icon name="products" size={28} />
                  </span>
                )}
                <strong>{p.name}</strong>
                <span className="pw-price">
                  <b>{price.current}</b>
                  {price.original && <s>{price.original}</s>}
                  {price.badge && <em className="pw-discount">{price.badge}</em>}
                </span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** Spec screen 13: name, image, price, type, description, and 'Buy Now' or the contact line. */
export function ProductDialog({
  product,
  onClose,
  onBuy,
}: {
  product: Product;
  onClose: () => void;
  /** The domain takes payments in the widget: 'Buy Now' opens the payment branch with the choices. */
  onBuy?: (choices: Record<string, string>) => void;
}) {
  const price = productPrice(product);
  const href = buyNowHref(product.productUrl);
  const src = productImage(product);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const dialog = useRef<HTMLDivElement>(null);
  useModal(dialog, onClose);
  return (
    <div className="pw-overlay" data-testid="product-dialog-overlay">
      <div
        className="pw-dialog"
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="pw-product-dialog-title"
        tabIndex={-1}
        data-testid="product-dialog"
      >
        <button type="button" className="pw-dialog-close" onClick={onClose} aria-label="Close">
          <Icon name="close" size={14} />
        </button>
        {src && <img className="pw-dialog-image" src={src} alt={product.name} />}
        <h2 id="pw-product-dialog-title">{product.name}</h2>
        <p className="pw-price">
          <b>{price.current}</b>
          {price.original && <s>{price.original}</s>}
          {price.badge && <em className="pw-discount">{price.badge}</em>}
        </p>
        {product.productType && <p className="pw-type">{product.productType}</p>}
        {product.description && <p className="pw-description">{product.description}</p>}
        {product.variants?.map((v) => (
          <fieldset key={v.name} className="pw-variant">
            <legend>{v.name}</legend>
            {v.options.map((o) => (
              <button
                type="button"
                key={o.value}
                disabled={optionDisabled(v.trackQuantity, o)}
                aria-pressed={chosen[v.name] === o.value}
                onClick={() => setChosen((c) => ({ ...c, [v.name]: o.value }))}
                data-testid="variant-option"
              >
                {o.value}
                {o.priceAdjustment
                  ? ` (${o.priceAdjustment > 0 ? '+' : ''}${formatPrice(o.priceAdjustment)})`
                  : ''}
              </button>
            ))}
          </fieldset>
        ))}
        {onBuy ? (
          <button type="button" className="pw-primary" onClick={() => onBuy(chosen)} data-testid="buy-now">
            Buy Now
          </button>
        ) : href ? (
          <a
            className="pw-primary"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="buy-now"
          >
            Buy Now
          </a>
        ) : (
          <p className="pw-contact" data-testid="contact-purchase">
            Contact us for purchase information
          </p>
        )}
      </div>
    </div>
  );
}
