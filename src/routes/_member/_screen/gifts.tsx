import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { GiftsPromotions } from '@/features/rewards';
import { useT } from '@/lib/i18n';

/** /gifts: promotions, 'gifts and deals', back to /. */
export const Route = createFileRoute('/_member/_screen/gifts')({
  component: GiftsPage,
});

function GiftsPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('coupons.rwGiftsTitle')} backTo="/" />
      <GiftsPromotions />
    </>
  );
}
