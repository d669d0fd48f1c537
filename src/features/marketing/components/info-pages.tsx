import '@mantine/core/styles/Timeline.css';
import { Skeleton, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT, type MessageKey } from '@/lib/i18n';
import { branchesQuery } from '../api';
import { BranchCard } from './cards';
import classes from './site.module.css';

/** /branch (Contact Us): the Branch list from the server, each open daily 08:00-17:30. */
export function BranchPage() {
  const t = useT();
  const branches = useQuery(branchesQuery());
  return (
    <div className={classes.container}>
      <header className={classes.pageHead}>
        <h1 className={classes.pageTitle}>{t('marketing.branchPageTitle')}</h1>
        <Text c="dimmed">{t('marketing.branchPageText')}</Text>
      </header>
      <div className={classes.branches} style={{ margin: '16px 0 24px' }}>
        {branches.isPending && [0, 1].map((i) => <Skeleton key={i} height={180} radius="lg" />)}
        {branches.data?.length === 0 && <Text c="dimmed">{t('marketing.noBranches')}</Text>}
        {branches.data?.map((b, i) => (
          <BranchCard key={b.name} branch={b} index={i} />
        ))}
      </div>
      <Text size="sm" c="dimmed" pb="lg">
        {t('marketing.footerOpenHouse')}
      </Text>
    </div>
  );
}

const TIMELINE = [1, 2, 3, 4, 5].map((n) => ({
  year: `marketing.timeline${n}Year` as MessageKey,
  title: `marketing.timeline${n}Title` as MessageKey,
  text: `marketing.timeline${n}Text` as MessageKey,
}));
const VALUES = [1, 2, 3].map((n) => ({ title: `marketing.value${n}Title` as MessageKey, text: `marketing.value${n}Text` as MessageKey }));

/** /laveena-about-us: the story, the timeline and the values. */
export function AboutPage() {
  const t = useT();
  return (
    <div className={classes.container}>
      <header className={classes.pageHead}>
        <h1 className={classes.pageTitle}>{t('marketing.aboutTitle')}</h1>
        <Text size="lg" fw={600}>
          {t('marketing.aboutLead')}
        </Text>
      </header>
      <div className={classes.detail} style={{ margin: '16px 0 32px', alignItems: 'center' }}>
        <img src="/images/marketing/about-kitchen.svg" alt="" className={classes.detailImage} />
        <Text size="lg">{t('marketing.aboutText')}</Text>
      </div>
      <section aria-labelledby="timeline" className={classes.timelineWrap}>
        <h2 id="timeline">{t('marketing.timelineTitle')}</h2>
        <Timeline active={TIMELINE.length - 1} bulletSize={28} lineWidth={3} color="brand">
          {TIMELINE.map((item) => (
            <Timeline.Item key={item.year} title={`${t(item.year)} · ${t(item.title)}`} bullet={<span aria-hidden>●</span>}>
              <Text size="sm" c="dimmed">
                {t(item.text)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </section>
      <section aria-labelledby="values" style={{ padding: '32px 0' }}>
        <h2 id="values">{t('marketing.valuesTitle')}</h2>
        <div className={classes.grid3}>
          {VALUES.map((v) => (
            <div key={v.title} className={classes.card}>
              <div className={classes.cardBody}>
                <h3 className={classes.cardTitle}>{t(v.title)}</h3>
                <Text size="sm" c="dimmed">
                  {t(v.text)}
                </Text>
              </div>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

const POLICY = ['Collect', 'Use', 'Cookie', 'Keep', 'Rights', 'Contact'].map((s) => ({
  title: `marketing.privacy${s}Title` as MessageKey,
  text: `marketing.privacy${s}Text` as MessageKey,
}));

/** /privacy-policy: the privacy and cookie policy dated 31 May 2565. */
export function PrivacyPage() {
  const t = useT();
  return (
    <div className={classes.container}>
      <article className={classes.article} style={{ paddingBottom: 24 }}>
        <header className={classes.pageHead}>
          <h1 className={classes.pageTitle}>{t('marketing.privacyTitle')}</h1>
          <Text c="dimmed">
            <time dateTime="2022-05-31">{t('marketing.privacyUpdated')}</time>
          </Text>
        </header>
        <p className={classes.articleBody}>{t('marketing.privacyIntro')}</p>
        {POLICY.map((s) => (
          <section key={s.title}>
            <h2 style={{ fontSize: 20 }}>{t(s.title)}</h2>
            <p className={classes.articleBody}>{t(s.text)}</p>
          </section>
        ))}
      </article>
    </div>
  );
}
