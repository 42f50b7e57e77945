// Cognito exception names -> the specification's texts (section 8), in every step of sign-in.
import { describe, expect, it } from 'vitest';
import { cognitoErrorFrom, cognitoErrorParts, cognitoErrorText } from '../../src/domain/cognitoErrors.js';

describe('cognitoErrorText', () => {
  it('answers the specification text of every named code', () => {
    const cases: [string, string][] = [
      ['NotAuthorizedException', 'E-mail ou senha incorretos.'],
      ['UserNotFoundException', 'Esse usuário não foi encontrado'],
      ['UserNotConfirmedException', 'Usuário não confirmado.'],
      ['PasswordResetRequiredException', 'Necessário redefinir a senha.'],
      ['CodeMismatchException', 'Código de verificação errado.'],
      ['ExpiredCodeException', 'Código de verificação errado.'],
      ['LimitExceededException', 'Limite de envios excedido, tente depois de algum tempo.'],
      ['TooManyRequestsException', 'Foram realizadas muitas solicitações.'],
      ['TooManyFailedAttemptsException', 'Tentativas de senha excedidas na validação'],
      ['InternalErrorException', 'Ocorreu um erro interno.'],
    ];
    for (const [code, text] of cases) {
      expect(cognitoErrorText(code, 'any English text from Cognito'), code).toMatchObject({ message: text, code });
    }
  });

  it('tells a disabled user and exceeded attempts apart from a wrong password', () => {
    expect(cognitoErrorText('NotAuthorizedException', 'User is disabled.').message).toBe(
      'Seu acesso foi desabilitado, entre em contato com a área de Recursos Humanos para mais informações.',
    );
    expect(cognitoErrorText('NotAuthorizedException', 'Password attempts exceeded').message).toBe('Tentativas de senha excedidas na validação');
    expect(cognitoErrorText('NotAuthorizedException', 'Incorrect username or password.').message).toBe('E-mail ou senha incorretos.');
    // Cognito's temporary passwords expire (7 days by default) until an administrator sends another.
    expect(cognitoErrorText('NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.').message).toBe(
      'Sua senha temporária expirou (ela vale 7 dias). Peça uma nova ao gestor que administra o seu acesso ou à área de Recursos Humanos.',
    );
  });

  it('shows unknown codes raw: the message when there is one, else the name', () => {
    expect(cognitoErrorText('SomethingNewException', 'Something new happened')).toEqual({ message: 'Something new happened', code: 'SomethingNewException' });
    expect(cognitoErrorText('SomethingNewException', '')).toEqual({ message: 'SomethingNewException', code: 'SomethingNewException' });
  });

  it('reads a policy refusal of a new password as the password rule, and a wrong password at sign-in as wrong credentials', () => {
    expect(cognitoErrorText('InvalidPasswordException', 'Password does not conform to policy: Password must have uppercase characters', 'newPassword')).toEqual({
      message: 'A senha precisa ter 1 caracter maíusculo, 1 minúsculo e 1 caracter especial. Com no mínimo 8 caracteres.',
      code: 'InvalidPasswordException',
      field: 'password',
    });
    expect(cognitoErrorText('InvalidPasswordException', 'Password did not conform with policy: Password not long enough', 'confirmForgotPassword')).toMatchObject({
      message: 'Utilize no mínimo 8 caracteres.',
      field: 'password',
    });
    expect(cognitoErrorText('InvalidPasswordException', 'Password does not conform to policy: Password not long enough', 'changePassword')).toMatchObject({
      message: 'Utilize no mínimo 8 caracteres.',
      field: 'password',
    });
    expect(cognitoErrorText('InvalidPasswordException', 'Invalid password', 'changePassword')).toMatchObject({ field: 'currentPassword', fieldMessage: 'Senha atual incorreta.' });
    // cognito-local answers a wrong password at sign-in this way.
    expect(cognitoErrorText('InvalidPasswordException', 'Invalid password', 'signIn')).toEqual({ message: 'E-mail ou senha incorretos.', code: 'NotAuthorizedException' });
  });

  it('speaks of the e-mail on the reset pages and of the current password on a password change', () => {
    expect(cognitoErrorText('UserNotFoundException', 'Username/client id combination not found.', 'forgotPassword')).toMatchObject({ message: 'E-mail não encontrado.', field: 'email' });
    expect(cognitoErrorText('NotAuthorizedException', 'Incorrect username or password.', 'changePassword')).toMatchObject({
      message: 'E-mail ou senha incorretos.',
      field: 'currentPassword',
      fieldMessage: 'Senha atual incorreta.',
    });
    expect(cognitoErrorText('CodeMismatchException', 'Invalid verification code provided', 'confirmForgotPassword').field).toBe('code');
    expect(cognitoErrorText('NotAuthorizedException', 'Refresh Token has expired', 'session').message).toBe('Sua sessão expirou. Entre novamente.');
  });
});

describe('cognitoErrorFrom', () => {
  it('reads the name of amplify errors, SDK errors and raw service answers', () => {
    const amplify = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    expect(cognitoErrorFrom(amplify).message).toBe('E-mail ou senha incorretos.');
    const raw = { __type: 'com.amazonaws.cognito.identity.idp.model#CodeMismatchException', message: 'Invalid code' };
    expect(cognitoErrorParts(raw)).toEqual({ name: 'CodeMismatchException', message: 'Invalid code' });
    expect(cognitoErrorFrom(raw, 'confirmForgotPassword').message).toBe('Código de verificação errado.');
    expect(cognitoErrorFrom(new Error('socket hang up'))).toEqual({ message: 'socket hang up', code: 'UnknownError' });
    expect(cognitoErrorFrom(undefined).message).toBe('Ocorreu um erro interno.');
  });
});
