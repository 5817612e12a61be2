// Kit: "Share on WhatsApp", a link to wa.me with the text typed in; the person picks whom to send it to. No business rules.
import { whatsAppShareLink } from '@haat/contracts/share';
import { MessageCircle } from 'lucide-react';

export function WhatsAppShareLink({
  text,
  label = 'Share on WhatsApp',
  className = '',
}: {
  text: string;
  label?: string;
  className?: string;
}) {
  return (
    <a
      href={whatsAppShareLink(text)}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-green-800 hover:text-green-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${className}`}
    >
      <MessageCircle aria-hidden className="size-4" />
      {label}
    </a>
  );
}
