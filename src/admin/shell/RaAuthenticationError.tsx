// The chunk of react-admin's authentication error page (shell/ErrorPage.tsx loads it on demand).
export { AuthenticationError as default } from 'react-admin';
