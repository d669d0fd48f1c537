import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCart } from '@/features/cart';
import { branchesQuery, giftItemQuery, GiftCheckout } from '@/features/gift-redemption';
import { pointsDetailsQuery } from '@/features/points';
import { useT } from '@/lib/i18n';
import classes from '@/components/title-header.module.css';

/** /{itemCode}/gift-checkout: redeem one reward for a branch; then /thankyou. */
export const Route = createFileRoute('/_member/_screen/$itemCode/gift-checkout')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(giftItemQuery(params.itemCode));
    void context.queryClient.prefetchQuery(branchesQuery());
    void context.queryClient.prefetchQuery(pointsDetailsQuery());
  },
  component: GiftCheckoutPage,
});

function GiftCheckoutPage() {
  const t = useT();
  const { itemCode } = Route.useParams();
  const navigate = useNavigate();
  const points = useQuery(pointsDetailsQuery());
  const remove = useCart((s) => s.remove);
  return (
    <>
      <header className={classes.header}>
        <div />
        <h1 className={classes.title}>{t('checkout.giftTitle')}</h1>
        <div className={classes.end}>
          <Link to="/" className={classes.back} aria-label={t('checkout.close')}>
            <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </Link>
        </div>
      </header>
      <GiftCheckout
        itemCode={itemCode}
        memberPoints={points.data?.loyalty_points ?? null}
        onRedeemed={(order) => {
          // The redeemed reward leaves the cart if it was there; the rest of the cart is the member's.
          remove(itemCode);
          if (order) void navigate({ to: '/thankyou', search: { order_id: order.name, amount: order.grand_total }, replace: true });
          else void navigate({ to: '/my-order', replace: true });
        }}
      />
    </>
  );
}
