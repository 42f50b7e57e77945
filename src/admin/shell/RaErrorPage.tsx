// The chunk of react-admin's error page (shell/ErrorPage.tsx loads it on demand).
export { Error as default } from 'react-admin';
