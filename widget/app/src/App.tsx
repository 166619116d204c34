import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { imageSrc, widgetApi } from './api';
import { initialArrivals, nextArrivals } from './arrival-announcement';
import { BookingFlow } from './BookingFlow';
import { checkoutWatcher } from './checkout';
import { ChatTab } from './ChatTab';
import { HelpdeskTab, type HelpdeskTarget } from './HelpdeskTab';
import { firstLetterOf, paletteVars, topicAction, widgetPalette, type HomeTopic } from '@parley/chat-display';
import { HomeTab } from './HomeTab';
import { OfflineForm } from './OfflineForm';
import { Icon, LauncherGlyph, type IconName } from './icons';
import { parentBridge } from './parent-bridge';
import { PaymentFlow } from './PaymentFlow';
import { setCurrency } from './price';
import { ProductDialog, ProductsTab } from './ProductsTab';
import { VisitorSessions } from './session';
import { browserStore } from './storage';
import type { AppointmentType, Product, WidgetProfile } from './types';
import { useChat } from './use-chat';
import { useColorScheme } from './use-color-scheme';

type Tab = 'home' | 'chat' | 'helpdesk' | 'products';
const HOURS_REFRESH_MS = 5 * 60_000;
const TABS: Array<{ id: Tab; label: string; icon: IconName }> = [
  { id: 'home', label: 'Home', icon: 'home' },
  { id: 'chat', label: 'Chat', icon: 'chat' },
  { id: 'helpdesk', label: 'Help', icon: 'helpdesk' },
  { id: 'products', label: 'Products', icon: 'products' },
];

export function App({ domainId, hostOrigin }: { domainId: string; hostOrigin: string | null }) {
  const [profile, setProfile] = useState<WidgetProfile | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [open, setOpen] = useState(false);
  const [mobile, setMobile] = useState(false);
  const [tab, setTab] = useState<Tab>('home');
  const [helpTarget, setHelpTarget] = useState<HelpdeskTarget | null>(null);
  const [products, setProducts] = useState<Product[] | null>(null);
  const [appointmentTypes, setAppointmentTypes] = useState<AppointmentType[]>([]);
  const [productId, setProductId] = useState<string | null>(null);
  const [booking, setBooking] = useState<{ typeId: string | null } | null>(null);
  const [purchase, setPurchase] = useState<{ productId: string; choices: Record<string, string> } | null>(
    null,
  );
  const [toast, setToast] = useState<string | null>(null);
  const [offlineForm, setOfflineForm] = useState(false);
  const scheme = useColorScheme();
  const sessions = useMemo(() => new VisitorSessions(domainId), [domainId]);
  const chat = useChat(domainId, sessions, open && tab === 'chat');
  // Replies that arrive while the visitor is elsewhere than the Chat tab are announced once, politely.
  const onChatTab = open && tab === 'chat';
  const [arrivals, setArrivals] = useState(() => initialArrivals(chat.state.messages));
  const siteName = profile?.domain ?? '';
  useEffect(
    () => setArrivals((a) => nextArrivals(a, chat.state.messages, onChatTab, siteName)),
    [chat.state.messages, onChatTab, siteName],
  );
  const bridge = useRef<ReturnType<typeof parentBridge> | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const launcherRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);

  // Focus follows the panel (WCAG 2.4.3): into it when it opens, back to the launcher however it
  // closes (its Close button, Escape, the launcher, the host page's Parley.close()) as long as the
  // visitor was in the widget, so the host page's own focus is never taken.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) panelRef.current?.focus();
    if (!open && wasOpen.current && document.hasFocus()) launcherRef.current?.focus();
    wasOpen.current = open;
  }, [open, profile]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // A dialog in the panel handles its own Escape first (use-modal.ts) and stops it.
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  useEffect(() => () => sessions.dispose(), [sessions]);

  // The assistant's reply to "I want to buy …" opens the payment flow for that product at once.
  const paymentsOn = profile?.settings.paymentEnabled === true;
  const [checkouts] = useState(checkoutWatcher);
  const { ready, messages } = chat.state;
  useEffect(() => {
    if (!ready) return;
    const id = checkouts.next(messages);
    if (id && paymentsOn) setPurchase({ productId: id, choices: {} });
  }, [ready, messages, checkouts, paymentsOn]);
  // A product added since the list was read: read it again, once (the flow opens once it is
  // there; a product deleted since opens nothing).
  const checkoutId = purchase?.productId;
  const reread = useRef<string | null>(null);
  useEffect(() => {
    if (!checkoutId || !products || reread.current === checkoutId) return;
    if (products.some((p) => p.id === checkoutId)) return;
    reread.current = checkoutId;
    setProducts(null);
  }, [checkoutId, products]);

  useEffect(() => {
    widgetApi
      .profile(domainId)
      .then(setProfile)
      .catch(() => setLoadError(true));
  }, [domainId]);

  // Business hours on (issue 17): while the panel is open the profile is read again every few
  // minutes, so the offline note comes and goes at opening and closing time without a reload.
  const hoursOn = profile?.businessHours?.enabled === true;
  useEffect(() => {
    if (!open || !hoursOn) return;
    const timer = setInterval(() => {
      widgetApi
        .profile(domainId)
        .then(setProfile)
        .catch(() => undefined);
    }, HOURS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [open, hoursOn, domainId]);

  // The host page drives open/close through the loader; every change is reported back.
  useEffect(() => {
    const b = parentBridge(hostOrigin, (command) => {
      if (command.type === 'viewport') setMobile(command.mobile);
      else if (command.type === 'stored') browserStore.receiveHost(command.value);
      else if (command.type === 'focus') launcherRef.current?.focus();
      else setOpen((o) => (command.type === 'open' ? true : command.type === 'close' ? false : !o));
    });
    bridge.current = b;
    if (hostOrigin) browserStore.connectHost((value) => b.store(value));
    return () => b.dispose();
  }, [hostOrigin]);
  useEffect(() => {
    if (!profile) return;
    // The loader draws its own launcher in these colours on the next page view, before we load.
    const p = widgetPalette(profile.settings, 'light');
    bridge.current?.notify('ready', openRef.current, { theme: p.theme, icon: p.icon });
  }, [profile]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    bridge.current?.notify('state', open);
  }, [open]);

  useEffect(() => {
    if (!open || products) return;
    widgetApi
      .products(domainId)
      .then(setProducts)
      .catch(() => setProducts([]));
    widgetApi
      .appointmentTypes(domainId)
      .then(setAppointmentTypes)
      .catch(() => setAppointmentTypes([]));
  }, [open, products, domainId]);

  useEffect(() => {
    if (!toast) return;
    const t = setTimeout(() => setToast(null), 4000);
    return () => clearTimeout(t);
  }, [toast]);

  const openTopic = useCallback((topic: HomeTopic) => {
    const action = topicAction(topic);
    if (action.kind === 'helpdesk') {
      setHelpTarget({ articleId: action.articleId, query: action.query });
      setTab('helpdesk');
    }
  }, []);

  if (loadError || !profile) return null;

  const s = profile.settings;
  const h = profile.homeSettings;
  setCurrency(s.currency);
  // One theme colour (and one title and text colour): the widget settings' (the home settings
  // hold the same values), on the launcher, the header and the buttons alike.
  // Made readable whatever the owner picked, and dark when the visitor's system is (palette.ts).
  const palette = widgetPalette(s, scheme);
  const vars = paletteVars(palette) as CSSProperties;
  const logo = imageSrc(s.domainLogo ?? h.domainIcon);
  // Custom branding (PRO): the owner's name for the widget; the gateway sends none otherwise.
  const displayName = s.widgetName?.trim() || profile.domain;
  const botImage = imageSrc(s.image);
  const product = productId ? products?.find((p) => p.id === productId) : undefined;
  const appointmentType = booking?.typeId
    ? (appointmentTypes.find((a) => a.id === booking.typeId) ?? null)
    : null;
  const purchaseProduct = purchase ? products?.find((p) => p.id === purchase.productId) : undefined;
  // Issue 17: outside business hours the owner's note shows, and a person request is a form.
  const offlineNote =
    profile.businessHours?.enabled && !profile.businessHours.open
      ? profile.businessHours.offlineMessage
      : null;
  const startBooking = (typeId: string | null = appointmentTypes[0]?.id ?? null) => setBooking({ typeId });

  return (
    <div
      className="pw-root"
      style={vars}
      data-scheme={palette.scheme}
      data-open={open || undefined}
      data-mobile={mobile || undefined}
    >
      {/* Always in the frame, so it is there before it speaks (a region added with its text is not read). */}
      <div className="pw-sr-only" role="status" aria-live="polite" data-testid="chat-announcer">
        {arrivals.text}
      </div>
      {/* First in the page's order, so the widget's focus order starts at the launcher. */}
      <button
        type="button"
        className="pw-launcher"
        ref={launcherRef}
        onClick={() => setOpen((o) => !o)}
        aria-label={open ? 'Close chat' : 'Open chat'}
        aria-expanded={open}
        data-testid="launcher"
        data-icon-style={s.iconStyle}
      >
        {open ? (
          <Icon name="close" size={24} />
        ) : botImage ? (
          <img src={botImage} alt="" />
        ) : (
          <LauncherGlyph style={s.iconStyle} />
        )}
      </button>
      {open && (
        <section
          className="pw-panel"
          ref={panelRef}
          tabIndex={-1}
          aria-label={`Chat with ${displayName}`}
          data-testid="widget-panel"
        >
          <header className="pw-header">
            {logo ? (
              <img className="pw-logo" src={logo} alt="" />
            ) : (
              <span className="pw-logo pw-logo-letter">{firstLetterOf(displayName)}</span>
            )}
            <div className="pw-header-text">
              <strong data-testid="widget-name">{displayName}</strong>
              <span>
                {chat.state.live
                  ? 'Live support'
                  : offlineNote
                    ? 'Away right now'
                    : 'We typically reply in minutes'}
              </span>
            </div>
            <button type="button" className="pw-icon-button" onClick={close} aria-label="Close chat">
              <Icon name="close" size={16} />
            </button>
          </header>
          <main className="pw-body">
            {tab === 'home' && offlineNote && (
              <div className="pw-offline" role="note" data-testid="offline-note">
                {offlineNote}
              </div>
            )}
            {tab === 'home' && (
              <HomeTab
                profile={profile}
                onStartChat={() => setTab('chat')}
                onTopic={openTopic}
                onBook={() => startBooking()}
              />
            )}
            {tab === 'chat' && (
              <ChatTab
                chat={chat}
                welcome={s.welcomeMessage}
                onBook={(typeId) => startBooking(typeId ?? undefined)}
                onProduct={(id) => {
                  setProductId(id);
                }}
                // Payments switched off since the reply: the product's page, as its card does.
                onCheckout={(id) =>
                  paymentsOn ? setPurchase({ productId: id, choices: {} }) : setProductId(id)
                }
                onArticle={(articleId) => {
                  setHelpTarget({ articleId, query: null });
                  setTab('helpdesk');
                }}
                onOfflineForm={() => setOfflineForm(true)}
                offlineNote={offlineNote}
              />
            )}
            {tab === 'helpdesk' && (
              <HelpdeskTab domainId={domainId} settings={s} sessions={sessions} target={helpTarget} />
            )}
            {tab === 'products' && (
              <ProductsTab
                products={products}
                appointmentTypes={appointmentTypes}
                onOpen={setProductId}
                onBook={(id) => startBooking(id)}
              />
            )}
            {product && (
              <ProductDialog
                product={product}
                onClose={() => setProductId(null)}
                onBuy={
                  s.paymentEnabled
                    ? (choices) => {
                        setProductId(null);
                        setPurchase({ productId: product.id, choices });
                      }
                    : undefined
                }
              />
            )}
            {purchaseProduct && (
              <PaymentFlow
                product={purchaseProduct}
                sessions={sessions}
                initialChoices={purchase?.choices}
                onClose={() => setPurchase(null)}
                onToast={setToast}
              />
            )}
            {booking && (
              <BookingFlow
                domainId={domainId}
                sessions={sessions}
                appointmentType={appointmentType}
                onClose={() => setBooking(null)}
                onToast={setToast}
              />
            )}
            {offlineForm && (
              <OfflineForm
                note={offlineNote ?? 'Leave your email and a message, and we will get back to you.'}
                sessions={sessions}
                onClose={() => setOfflineForm(false)}
                onSent={() => {
                  setOfflineForm(false);
                  setToast('Message sent. We will get back to you by email.');
                  void chat.refresh().catch(() => undefined);
                }}
              />
            )}
            {toast && (
              <div className="pw-toast" role="status" data-testid="toast">
                {toast}
              </div>
            )}
          </main>
          <nav className="pw-tabs" aria-label="Sections">
            {TABS.map((t) => (
              <button
                type="button"
                key={t.id}
                aria-current={tab === t.id ? 'page' : undefined}
                onClick={() => {
                  if (t.id === 'helpdesk') setHelpTarget(null);
                  setTab(t.id);
                }}
                data-testid={`tab-${t.id}`}
              >
                <Icon name={t.icon} size={18} />
                <span>{t.label}</span>
              </button>
            ))}
          </nav>
        </section>
      )}
    </div>
  );
}
