import { Text, Title } from '@mantine/core';
import { BrandMark } from '@/components/icons';
import { useT, type MessageKey } from '@/lib/i18n';
import classes from './auth.module.css';

/** The brand mark, heading and blurb at the top of the sign-in screens (welcome, login, sign-up). */
export function AuthHero({ title, text }: { title: MessageKey; text: MessageKey }) {
  const t = useT();
  return (
    <div className={classes.hero}>
      <div className={classes.heroMark}>
        <BrandMark size={56} />
      </div>
      <Title order={1} size="h2">
        {t(title)}
      </Title>
      <Text c="dimmed" maw={320}>
        {t(text)}
      </Text>
    </div>
  );
}
