import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import * as v from 'valibot';
import { ThankYou } from '@/features/checkout';

// After a redemption: the offer to turn on notifications (its own chunk; shown only where it applies).
const PushOffer = lazy(() => import('@/features/notifications').then((m) => ({ default: m.PushOffer })));

const search = v.object({
  order_id: v.optional(v.fallback(v.string(), ''), ''),
  amount: v.optional(v.fallback(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number()), 0), 0),
});

/** /thankyou?order_id&amount: reached after an order is placed. */
export const Route = createFileRoute('/_member/_done/thankyou')({
  validateSearch: (raw) => v.parse(search, raw),
  component: ThankYouPage,
});

function ThankYouPage() {
  const { order_id, amount } = Route.useSearch();
  return (
    <ThankYou
      orderId={order_id}
      amount={Number.isFinite(amount) ? amount : 0}
      afterRedemption={
        <Suspense fallback={null}>
          <PushOffer />
        </Suspense>
      }
    />
  );
}
