import { MessageSquareQuote } from 'lucide-react';

/** Merchant stories: none are collected yet, so the section says so instead of showing samples. */
export function TestimonialsSection() {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-heading"
      className="scroll-mt-20 bg-slate-50 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        <h2
          id="testimonials-heading"
          className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          What merchants say
        </h2>
        <div className="mt-10 flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-6 py-12 shadow-sm">
          <MessageSquareQuote aria-hidden className="size-12 text-brand-500" />
          <p className="max-w-md text-lg text-slate-700">
            We're collecting reviews from our first merchants — real stories will appear here.
          </p>
        </div>
      </div>
    </section>
  );
}
