import type { OrderWhatsApp, WhatsAppKind, WhatsAppMessage, WhatsAppSent } from '@haat/contracts';
import { formatPhone } from '@haat/contracts/phone';
import { MessageCircle, Send } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { DetailPanel } from '../../components/ui/detail-panel.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useMutation, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
import { type AdminOrderDetails, adminOrderKeys } from './admin-orders-api.ts';

const path = (id: string) => `/order/${encodeURIComponent(id)}/whatsapp/`;

/** The order's messages, filled on the server from the shop's templates; read again whenever the order changes. */
function useOrderWhatsApp(order: AdminOrderDetails) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: adminKey(slug, 'orders', 'whatsapp', order.id, order.version),
    queryFn: ({ signal }) => adminCall<OrderWhatsApp>(slug, path(order.id), { signal, silent: true }),
    enabled: !!shop,
  });
}

/** Records a message opened (or, with a provider, sends it); the timeline then shows it. */
function useSendWhatsApp(order: AdminOrderDetails) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (kind: WhatsAppKind) =>
      adminCall<WhatsAppSent>(slug, path(order.id), { method: 'POST', body: { kind } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminOrderKeys.one(slug, order.id) }),
  });
}

const buttonClass = `${buttonStyles.secondary.replace('px-5 py-2.5', 'px-3 py-2')} w-full`;

/** One message: a link that opens WhatsApp with it, a button that sends it (provider), or why it is not offered. */
function MessageButton({
  message,
  viaApi,
  busy,
  onSend,
}: {
  message: WhatsAppMessage;
  viaApi: boolean;
  busy: boolean;
  onSend: (kind: WhatsAppKind) => void;
}) {
  const reasonId = `whatsapp-${message.kind}-reason`;
  const icon = viaApi ? (
    <Send aria-hidden className="size-4" />
  ) : (
    <MessageCircle aria-hidden className="size-4" />
  );
  let control: React.ReactNode;
  if (!message.available || !message.link) {
    control = (
      <button type="button" className={buttonClass} disabled aria-describedby={reasonId}>
        {icon}
        {message.label}
      </button>
    );
  } else if (viaApi) {
    control = (
      <button type="button" className={buttonClass} disabled={busy} onClick={() => onSend(message.kind)}>
        {busy ? <Spinner /> : icon}
        {message.label}
      </button>
    );
  } else {
    control = (
      <a
        href={message.link}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass}
        onClick={() => onSend(message.kind)}
      >
        {icon}
        {message.label}
      </a>
    );
  }
  return (
    <li className="min-w-0">
      {control}
      {message.reason ? (
        <p id={reasonId} className="mt-1 text-xs text-slate-500">
          {message.reason}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The order page's WhatsApp panel: confirmation, dispatch, delivery and payment reminder, each opening WhatsApp
 * with the shop's message to the customer's +91 number (or sent through the provider when one is configured).
 */
export function WhatsAppActions({ order }: { order: AdminOrderDetails }) {
  const query = useOrderWhatsApp(order);
  const send = useSendWhatsApp(order);
  const data = query.data;
  const viaApi = data?.sender === 'API';

  const onSend = (kind: WhatsAppKind) =>
    send.mutate(kind, {
      onSuccess: (sent) => {
        if (sent.via === 'API') toast.success('Sent on WhatsApp');
      },
    });

  return (
    <DetailPanel title="WhatsApp">
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading messages..
        </p>
      ) : !data ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          The messages could not be loaded.
          <button
            type="button"
            className={buttonStyles.secondary.replace('px-5 py-2.5', 'px-3 py-1.5')}
            onClick={() => query.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            {data.phone
              ? `To ${formatPhone(data.phone)}, in your shop’s words (Settings, WhatsApp messages).`
              : 'This order has no mobile number to message.'}
          </p>
          <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-1">
            {data.messages.map((m) => (
              <MessageButton
                key={m.kind}
                message={m}
                viaApi={viaApi}
                busy={send.isPending && send.variables === m.kind}
                onSend={onSend}
              />
            ))}
          </ul>
          <p className="mt-3 text-xs text-slate-500">
            {viaApi
              ? 'Messages go out through your WhatsApp Business API provider and show on the timeline.'
              : 'Opening WhatsApp is recorded on the timeline. Whether you pressed send, and whether the customer got it, only WhatsApp knows.'}
          </p>
        </>
      )}
    </DetailPanel>
  );
}
