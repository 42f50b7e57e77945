// The admin's public surface for bespoke pages (custom-pages/**): what they may use of the core, the
// generator and the shell, as react-admin's hooks and components are for its users. Bespoke pages
// import the admin only from here (.dependency-cruiser.cjs, tests/unit/import-rules.test.ts), so the
// generator and the shell can change inside without touching them. Never the app, the bespoke
// pages' registry or the list of screens (they import the bespoke pages: a circle).
// A page that needs more of the admin gets it by a name added here (never by a deep import).

export { rightsOf, useRights } from './core/access.js';
export { ownOr, type Viewer } from './core/accessRules.js';
export { ApiError, type Areas, downloadNamed, uploadFile, useApiOrigin, v1Fetch, v1Json } from './core/api.js';
export { useApiBase, useIntranetAuth } from './core/auth/context.js';
export { type IdentityClient, IdentityError, messageForCode } from './core/auth/identityClient.js';
export { ADMIN_LOGIN_ROUTE, canAccessResource, getPendingChallenge, LOGIN_ROUTE, PUBLIC_HOME_ROUTE, RESET_PASSWORD_ROUTE } from './core/authProvider.js';
export type { CustomPage } from './core/customPage.js';
export { setRoleHeader } from './core/dataProvider.js';
export { useGoBack } from './core/navigation.js';
export { aliasConfig, editPathOf, moduleTitle, type ResourceConfig } from './core/schemas.js';
export { getSession, type Session, setSession, toAuthSession, useSession, withSession } from './core/session.js';
export { useViewer } from './core/useViewer.js';
export { AccessDenied } from './generator/AccessDenied.js';
export { CEP_CLEAR_BELOW, CEP_LOOKUP_LENGTH, CEP_NOT_FOUND, lookupCep } from './generator/cep.js';
export { DateInput, DateTextField, isStoredDate } from './generator/DateInput.js';
export { formReferences, isBlankId } from './generator/dependent.js';
export { IntranetDialog } from './generator/Dialog.js';
export { exportCappedText } from './generator/ExportButton.js';
export type { CalendarMarks, FieldInput, FieldInputProps, FieldView, FormNotice, FormValidator, RowLink } from './generator/extensions.js';
export { FieldMessage, useShownError } from './generator/FieldMessage.js';
export { displayText, PhoneValue, SchemaField } from './generator/fields.js';
export { FileInput, fileRuleOf, saveBlob, useFileNames, useFileUrl } from './generator/files.js';
export { FormCell, FormSection } from './generator/FormLayout.js';
export { HistoryPanel } from './generator/HistoryPanel.js';
export { NamedIcon } from './generator/iconNames.js';
export { CHOOSE_PROVIDER, formatCountInput, FormReferencesProvider, isWide, NO_OPTIONS_TEXT, parseCountInput, ReferenceSelect, SchemaInput, SELECT_DEBOUNCE_MS, validation } from './generator/inputs.js';
export { LazyHistoryPanel } from './generator/LazyHistoryPanel.js';
export { DEFAULT_PAGE_SIZE, ListPagination } from './generator/ListPagination.js';
export { monthCells, MonthGrid, MonthNavigation, MONTHS, useMonthCursor } from './generator/MonthGrid.js';
export { configByResource, resourceConfigs } from './generator/registry.js';
export { RelativeNamesInput } from './generator/RelativeNamesInput.js';
export { FORM_MAX_WIDTH, FormToolbar, InvalidSubmitNotifier, REQUIRED_BANNER, RequiredBanner, default as ResourceFormScreen, useSubmitFeedback } from './generator/ResourceForm.js';
export { LIST_MAX_WIDTH, default as ResourceListScreen } from './generator/ResourceList.js';
export { failureText, messagesOf, successText } from './generator/resourceMessages.js';
export { RoleChip } from './generator/RoleInput.js';
export { sanitizeHtml } from './generator/sanitize.js';
export { TitleBar, usePageTitle } from './generator/TitleBar.js';
export { ERROR_TOAST_MS, useResourceToasts, useToasts } from './generator/toasts.js';
export { missingValue, type Validator, validatorsFor } from './generator/validation.js';
export { type CardSection, CardsMenu, type MenuCard, visibleSections } from './shell/CardsMenu.js';
export { type Figure, FigureCard } from './shell/FigureCard.js';
export { HEADER_HEIGHT, PublicHeader, REGISTER_ROUTE } from './shell/Header.js';
export { Layout } from './shell/Layout.js';
export { BrandLogos, IntranetLogo } from './shell/Logos.js';
export { PROFILE_CHANGED_EVENT, ProfileAvatar, type ProfileImage } from './shell/ProfileMenu.js';
