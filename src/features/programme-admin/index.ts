export { RulesPage } from './components/rules-page';
export { rulesErrors, changedRules } from './field-errors';

/** The rules screen's line in the admin frame's navigation. */
export const programmeNav = { to: '/admin/rules', labelKey: 'programmeAdmin.navLabel', roles: ['System Manager', 'Loyalty Manager'] } as const;
