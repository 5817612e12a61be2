import { Palette, Rocket, Store, UserRoundPlus } from 'lucide-react';

const STEPS = [
  {
    title: 'Sign up',
    body: 'Create your vendor account with your name, email and mobile number, then confirm it with the 6-digit code we email you.',
    icon: UserRoundPlus,
  },
  {
    title: 'Register your shop',
    body: 'Add your shop name, category, contact number and address, pick a plan and choose your shop address.',
    icon: Store,
  },
  {
    title: 'Design your home page',
    body: 'Edit the banner, featured products and deals right on the page: change any text, size and colour, and see it as shoppers will.',
    icon: Palette,
  },
  {
    title: 'Launch',
    body: 'Choose cash on delivery and UPI, publish the shop (or keep it as a draft until you are ready) and share your link.',
    icon: Rocket,
  },
];

/** The in-page walkthrough the hero's Watch Demo button leads to. */
export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" className="scroll-mt-20 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">How it works</p>
          <h2
            id="how-it-works-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 outline-none sm:text-4xl"
          >
            From sign-up to your first order in four steps
          </h2>
        </div>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li
              key={step.title}
              className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <step.icon aria-hidden className="size-6 text-brand-600" />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
