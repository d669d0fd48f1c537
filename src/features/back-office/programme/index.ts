export { RulesPage } from './rules-page';
export { rulesErrors, changedRules } from './field-errors';

