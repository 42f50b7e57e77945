// /applicants/register, a public route of the spec: signed in, the candidate's data form (the
// generated register of applicant-profiles, returning to /applicants/info); a visitor meets the
// sign-up ('Cadastre-se': name, e-mail, password, then the code sent by e-mail), is signed in with
// the password just chosen once the code is confirmed and lands on the form, same address.
import { AccessDenied, configByResource, ResourceFormScreen as ResourceForm } from '../../src/admin/pages.js';
import { RegisterPage } from '../auth/Register.js';
import { PROFILE_RESOURCE } from './ApplicantInfo.js';
import { CAREERS_TEXTS as T } from './texts.js';

export const APPLICANT_REGISTER_PATH = '/applicants/register';

export function ApplicantSignUp() {
  return <RegisterPage next={APPLICANT_REGISTER_PATH} />;
}

export default function ApplicantRegister() {
  const config = configByResource.get(PROFILE_RESOURCE);
  if (!config) return <AccessDenied title={T.applicantTitle} />;
  return <ResourceForm config={config} mode="create" />;
}
