export { RulesPage } from './components/rules-page';
export { rulesErrors, changedRules } from './field-errors';

