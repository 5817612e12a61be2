import {
  fillTemplate,
  formatRupees,
  itemLines,
  trackingLink,
  WHATSAPP_PLACEHOLDER_HINTS,
  WHATSAPP_TEMPLATE_MAX,
  type WhatsAppKind,
  type WhatsAppPlaceholder,
  type WhatsAppTemplate,
  type WhatsAppTemplateBody,
  type WhatsAppTemplates,
  whatsAppTemplateBody,
} from '@haat/contracts';
import { MessageCircle, RotateCcw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
import { schemaResolver } from './form-support.ts';
import { useSettingsForm } from './settings-form.tsx';
import {
  CardState,
  FormProblem,
  inputClass,
  problemText,
  SaveButton,
  SettingsCard,
  smallButton,
} from './settings-ui.tsx';

const whatsAppKey = (slug: string) => adminKey(slug, 'settings', 'whatsapp');

const whatsAppApi = {
  templates: (slug: string, signal?: AbortSignal) =>
    adminCall<WhatsAppTemplates>(slug, '/whatsapp-template/', { signal, silent: true }),
  save: (slug: string, body: WhatsAppTemplateBody) =>
    adminCall<WhatsAppTemplate>(slug, '/whatsapp-template/', { method: 'PUT', body, silent: true }),
};

const useWhatsAppTemplates = (slug: string) =>
  useQuery({
    queryKey: whatsAppKey(slug),
    queryFn: ({ signal }) => whatsAppApi.templates(slug, signal),
    enabled: !!slug,
  });

/** The order the preview is filled from: a typical one of two lines, shipped with Delhivery. */
function previewValues(shopName: string, shopUrl: string): Record<WhatsAppPlaceholder, string> {
  const base = shopUrl.endsWith('/') ? shopUrl : `${shopUrl}/`;
  const orderLink = `${base}orders/3f8e2c1a-5b7d-4e9f-a1c2-d4e5f6a7b8c9`;
  return {
    customer_name: 'Priya',
    shop_name: shopName,
    order_number: 'ORD-1024',
    total: formatRupees(1249),
    items: itemLines([
      { name: 'Cotton Kurta', variant: 'M / Blue', quantity: 1 },
      { name: 'Silk Dupatta', quantity: 2 },
    ]),
    order_link: orderLink,
    carrier: 'Delhivery',
    tracking_number: '1480412345678',
    tracking_link: trackingLink('Delhivery', '1480412345678') ?? orderLink,
  };
}

/** The message as the customer would read it, in a chat bubble. */
function Preview({ text }: { text: string }) {
  return (
    <figure className="self-start rounded-xl bg-[#efeae2] p-3 ring-1 ring-slate-200 sm:p-4">
      <figcaption className="mb-2 flex items-center gap-1.5 text-xs font-semibold text-slate-600">
        <MessageCircle aria-hidden className="size-3.5" />
        Preview with a sample order
      </figcaption>
      <p
        data-testid="whatsapp-preview"
        className="ml-auto max-w-[95%] rounded-lg rounded-tr-none bg-[#d9fdd3] px-3 py-2 text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-900 shadow-sm"
      >
        {text}
      </p>
    </figure>
  );
}

interface Values {
  text: string;
}

/** One kind's text: placeholders to insert, the live preview, save, and back to the default text. */
/** A template's form: the settings form over whatsAppTemplateBody, Use the default text, and placeholders put in. */
function useTemplateForm(slug: string, template: WhatsAppTemplate) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const apply = (saved: WhatsAppTemplate, form: UseFormReturn<Values, unknown, WhatsAppTemplateBody>) => {
    queryClient.setQueryData<WhatsAppTemplates>(whatsAppKey(slug), (d) =>
      d ? { ...d, templates: d.templates.map((x) => (x.kind === saved.kind ? saved : x)) } : d,
    );
    form.reset({ text: saved.text });
  };
  const state = useSettingsForm<Values, WhatsAppTemplateBody, WhatsAppTemplate>({
    defaultValues: { text: template.text },
    resolver: schemaResolver<Values, WhatsAppTemplateBody>(
      (b) => whatsAppTemplateBody.safeParse(b),
      (v) => ({ kind: template.kind, text: v.text }),
    ),
    fields: ['text'],
    save: (body) => whatsAppApi.save(slug, body),
    onSaved: apply,
    saved: (saved) => ({
      title: `${template.label} message saved`,
      description: saved.is_default ? 'It uses the default text.' : 'Order pages use the new text now.',
    }),
    failure: `${template.label} could not be saved`,
  });
  const { form, setProblem } = state;

  const restore = async () => {
    setResetting(true);
    try {
      apply(await whatsAppApi.save(slug, { kind: template.kind, text: '' }), form);
      toast.success(`${template.label} message back to the default text`);
    } catch (err) {
      setProblem(problemText(err, `${template.label} could not be reset`));
    } finally {
      setResetting(false);
      setConfirming(false);
    }
  };

  /** Puts `{name}` where the cursor is (or at the end). */
  const insert = (name: string) => {
    const token = `{${name}}`;
    const el = area.current;
    const value = form.getValues('text');
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    form.setValue('text', value.slice(0, start) + token + value.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return { ...state, area, insert, restore, confirming, setConfirming, resetting };
}

/** The template's placeholders as buttons that put them in at the cursor. */
function PlaceholderButtons({
  placeholders,
  onInsert,
}: {
  placeholders: readonly string[];
  onInsert: (name: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Insert a placeholder</legend>
      <ul className="mt-1.5 flex flex-wrap gap-1.5">
        {placeholders.map((p) => (
          <li key={p}>
            <button
              type="button"
              onClick={() => onInsert(p)}
              title={WHATSAPP_PLACEHOLDER_HINTS[p as WhatsAppPlaceholder]}
              className="rounded-md bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800 ring-1 ring-slate-200 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {`{${p}}`}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The message's text box, its error and how much of the limit it uses. */
function TemplateText({
  label,
  state,
  text,
}: {
  label: string;
  state: ReturnType<typeof useTemplateForm>;
  text: string;
}) {
  const id = useId();
  const { ref, ...field } = state.form.register('text');
  const { area } = state;
  const error = state.errors.text?.message;
  return (
    <div>
      <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-800">
        {label} message
      </label>
      <textarea
        id={`${id}-text`}
        {...field}
        ref={(el) => {
          ref(el);
          area.current = el;
        }}
        rows={9}
        maxLength={WHATSAPP_TEMPLATE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={`mt-1.5 text-sm ${inputClass(!!error)}`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-slate-500">
        <span>Leave it empty to use the default text.</span>
        <span>
          {text.length.toLocaleString('en-IN')} / {WHATSAPP_TEMPLATE_MAX.toLocaleString('en-IN')}
        </span>
      </p>
    </div>
  );
}

function TemplateEditor({
  slug,
  template,
  shop,
}: {
  slug: string;
  template: WhatsAppTemplate;
  shop: { name: string; url: string };
}) {
  const state = useTemplateForm(slug, template);
  const { form, insert, problem, confirming, setConfirming, resetting } = state;
  const isSubmitting = state.busy;
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const preview = fillTemplate(text.trim() || template.default_text, previewValues(shop.name, shop.url));

  return (
    <form
      onSubmit={state.submit}
      noValidate
      aria-label={`${template.label} template`}
      className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]"
    >
      <div className="min-w-0 space-y-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {template.is_default
            ? 'The default text, in your shop’s name. Make it yours.'
            : `Your own text, saved ${formatDateTime(template.updated_at ?? '')}.`}
        </p>
        <TemplateText label={template.label} state={state} text={text} />
        <PlaceholderButtons placeholders={template.placeholders} onInsert={insert} />
        <FormProblem>{problem}</FormProblem>
        <div className="flex flex-wrap items-center gap-2">
          <SaveButton busy={isSubmitting} label={`Save ${template.label.toLowerCase()} message`} />
          {template.is_default ? null : (
            <button
              type="button"
              className={smallButton(buttonStyles.secondary)}
              onClick={() => setConfirming(true)}
              disabled={isSubmitting || resetting}
            >
              <RotateCcw aria-hidden className="size-4" />
              Use the default text
            </button>
          )}
        </div>
      </div>
      <Preview text={preview} />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Use the default ${template.label.toLowerCase()} message?`}
        description="Your text is replaced by the default text in your shop’s name."
        confirmLabel="Use the default text"
        busy={resetting}
        onConfirm={state.restore}
      />
    </form>
  );
}

/** Settings, WhatsApp messages: the four templates the order page's WhatsApp buttons fill in. */
export function WhatsAppCard({ slug }: { slug: string }) {
  const query = useWhatsAppTemplates(slug);
  const [kind, setKind] = useState<WhatsAppKind>('ORDER_CONFIRMATION');
  const data = query.data;
  const current = data?.templates.find((x) => x.kind === kind);
  return (
    <SettingsCard
      id="whatsapp"
      title="WhatsApp messages"
      description={
        data?.sender === 'API'
          ? 'Sent to customers through your WhatsApp Business API provider from each order’s page. Words in braces are filled in from the order.'
          : 'Each order’s page has buttons that open WhatsApp with these messages to the customer’s number; you press send. Words in braces are filled in from the order.'
      }
    >
      <CardState loading={query.isPending} error={query.isError} onRetry={() => query.refetch()} />
      {data ? (
        <div className="space-y-4">
          <div role="tablist" aria-label="WhatsApp message" className="-mx-1 flex flex-wrap gap-2">
            {data.templates.map((x) => (
              <button
                key={x.kind}
                type="button"
                role="tab"
                aria-selected={x.kind === kind}
                onClick={() => setKind(x.kind)}
                className={`rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ${
                  x.kind === kind
                    ? 'bg-brand-700 text-white ring-brand-700'
                    : 'bg-white text-slate-700 ring-slate-200 hover:bg-brand-50 hover:text-brand-700'
                }`}
              >
                {x.label}
                {x.is_default ? null : <span className="sr-only"> (edited)</span>}
              </button>
            ))}
          </div>
          {current ? (
            <div role="tabpanel" aria-label={current.label}>
              <TemplateEditor
                key={`${current.kind}-${current.updated_at}`}
                slug={slug}
                template={current}
                shop={{ name: data.shop_name, url: data.shop_url }}
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </SettingsCard>
  );
}
