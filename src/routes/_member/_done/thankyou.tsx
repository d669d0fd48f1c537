import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ThankYou } from '@/features/checkout';

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
  return <ThankYou orderId={order_id} amount={Number.isFinite(amount) ? amount : 0} />;
}
