import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { RedemptionSuccess } from '@/features/rewards';

const searchSchema = v.object({ order_id: v.optional(v.pipe(v.string(), v.maxLength(140))) });

/** /success: the reward redemption success page (links to /my-order and /reward-history). */
export const Route = createFileRoute('/_member/_done/success')({
  validateSearch: (search) => {
    const r = v.safeParse(searchSchema, search);
    return r.success ? r.output : {};
  },
  component: SuccessPage,
});

function SuccessPage() {
  const { order_id } = Route.useSearch();
  return <RedemptionSuccess orderId={order_id} />;
}
