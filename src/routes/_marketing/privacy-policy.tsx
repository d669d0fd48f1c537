import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '@/features/marketing';

export const Route = createFileRoute('/_marketing/privacy-policy')({
  component: PrivacyPage,
});
