import type { FormErrors } from '@mantine/form';
import * as v from 'valibot';
import { PublishNoticeArgs, type PrivacyNotice } from '../../../../contracts/privacy';

/** The notice as the form edits it: the next version's title, introduction and sections, each in Thai and English. */
export type NoticeValues = Pick<PrivacyNotice, 'title' | 'intro' | 'sections'>;

const blank = { th: '', en: '' };
export const emptySection = (): NoticeValues['sections'][number] => ({ title: { ...blank }, body: { ...blank } });

/** A new version starts from the current one's text (most versions change a few sentences). */
export const draftFrom = (current: PrivacyNotice | undefined): NoticeValues =>
  current
    ? { title: { ...current.title }, intro: { ...current.intro }, sections: current.sections.map((s) => ({ title: { ...s.title }, body: { ...s.body } })) }
    : { title: { ...blank }, intro: { ...blank }, sections: [emptySection()] };

const trimmed = (b: { th: string; en: string }) => ({ th: b.th.trim(), en: b.en.trim() });
export const noticeArgs = (f: NoticeValues) => ({
  title: trimmed(f.title),
  intro: trimmed(f.intro),
  sections: f.sections.map((s) => ({ title: trimmed(s.title), body: trimmed(s.body) })),
});

/**
 * The contract's check on the form's nested fields (`title.th`, `sections.2.body.en`): each field it refuses shows
 * "required" or "too long"; a rule about the list itself (at least one section) shows on `sections`.
 */
export function noticeCheck(say: { required: string; tooLong: string }) {
  return (f: NoticeValues): FormErrors => {
    const parsed = v.safeParse(PublishNoticeArgs, noticeArgs(f));
    if (parsed.success) return {};
    const errors: FormErrors = {};
    for (const issue of parsed.issues) {
      const path = v.getDotPath(issue) ?? 'sections';
      if (!errors[path]) errors[path] = issue.message.endsWith(' too long') ? say.tooLong : say.required;
    }
    return errors;
  };
}
