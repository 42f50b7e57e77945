// The communication scale's screens (HR/sales document, section 2 "Communication campaigns, rules
// and restrictions"). Campaigns, rules and restrictions are generated from schemas/comunicacao:
//   /marketing/communication-scale/list|register|edit/{id}  campaigns (the edit screen is the spec's
//                                                            CommunicationScaleEdit: COMMUNICATION_SCALE_EDIT)
//   /marketing/communication-scale-rules/list|register|edit?idCampaign=&idRule=  a campaign's rules
//                                                            (x-intranet.scope, query mode)
//   /marketing/communication-scale-restrictions/list|register|edit/{id}  sending restrictions
// Here: the rule form's and the restriction form's logic as inputs of those generated forms
// (fieldInputs, with the rule's record-level check in formValidators), the preview page and the
// send log's list.
import { lazy, type ComponentType } from 'react';
import { validateRule } from '../../src/domain/communicationRules.js';
import { MSG } from '../../src/domain/messages.js';
import type { CustomPage, FieldInput, FieldInputProps, FieldView, FormValidator } from '../../src/admin/pages.js';
import { PREVIEW_ROUTE, SEARCH_BY_FIELD, SENDS_LIST } from './texts.js';

const RULES = 'communication-rules';
const RESTRICTIONS = 'communication-restrictions';

const ruleInputs = () => import('./RuleInputs.js');
const restrictionInputs = () => import('./RestrictionInputs.js');
type Input = ComponentType<FieldInputProps>;
const ruleInput = (name: keyof Awaited<ReturnType<typeof ruleInputs>>) => lazy(() => ruleInputs().then((m) => ({ default: m[name] as Input })));
const restrictionInput = (name: keyof Awaited<ReturnType<typeof restrictionInputs>>) =>
  lazy(() => restrictionInputs().then((m) => ({ default: m[name] as Input })));

export const pages: CustomPage[] = [
  {
    path: PREVIEW_ROUTE,
    component: lazy(() => import('./Preview.js')),
    access: { resource: 'communication-campaigns', operation: 'get' },
    title: 'Prévia da campanha',
  },
  {
    path: SENDS_LIST,
    component: lazy(() => import('./SendLog.js')),
    access: { resource: 'communication-sends', operation: 'list' },
    title: 'Envios da régua de comunicação',
  },
];

export const fieldInputs: FieldInput[] = [
  { resource: RULES, field: 'envio', component: ruleInput('EnvioInput') },
  { resource: RULES, field: 'tempo', component: ruleInput('TempoInput') },
  { resource: RULES, field: 'data_especifica', component: ruleInput('SpecificDateInput') },
  { resource: RULES, field: 'template_whatsapp', component: ruleInput('WhatsappTemplateInput') },
  { resource: RULES, field: 'titulo_email', component: ruleInput('EmailTitleInput') },
  { resource: RULES, field: 'mensagem_email', component: ruleInput('EmailMessageInput') },
  { resource: RULES, field: 'mensagem_sms', component: ruleInput('SmsMessageInput') },
  { resource: RESTRICTIONS, field: 'sistema', component: restrictionInput('ProviderInput') },
  { resource: RESTRICTIONS, field: 'cod_cliente', component: restrictionInput('CustomerCodeInput'), formOnly: [SEARCH_BY_FIELD] },
  { resource: RESTRICTIONS, field: 'cpf', component: restrictionInput('CpfInput') },
  { resource: RESTRICTIONS, field: 'nome_razaosocial', component: restrictionInput('CustomerNameInput') },
  { resource: RESTRICTIONS, field: 'whatsapp', component: restrictionInput('ChannelInput') },
  { resource: RESTRICTIONS, field: 'email', component: restrictionInput('ChannelInput') },
  { resource: RESTRICTIONS, field: 'sms', component: restrictionInput('ChannelInput') },
];

export const fieldViews: FieldView[] = [{ resource: RESTRICTIONS, field: 'cpf', component: lazy(() => import('./NoWrapText.js')) }];

/**
 * The rule's record-level check, the server's own (src/domain/communicationRules.ts): field messages
 * under the inputs, and the toast — a rule without any channel on says so; missing fields say
 * 'Preencha todos os campos obrigatórios!'.
 */
export const formValidators: FormValidator[] = [
  {
    resource: RULES,
    validate: (values) => {
      const { errors, message } = validateRule(values);
      return { errors, message: message === MSG.requiredForm ? undefined : message };
    },
  },
];
