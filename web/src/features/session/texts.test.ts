import { describe, expect, it } from 'vitest';
import { authMessages } from '@app/contract/auth';
import de from '../../locales/de.json';
import en from '../../locales/en.json';

describe('sign-in side texts fixed by the specification', () => {
  it('English says them to the letter', () => {
    expect(en.changePassword.title).toBe('Change Password');
    expect(en.changePassword.allFieldsRequired).toBe(authMessages.allFieldsRequired);
    expect(en.changePassword.passwordsDoNotMatch).toBe(authMessages.passwordsDoNotMatch);
    expect(en.session).toMatchObject({
      selectBranchTitle: 'Please select a Branch to continue',
      selectBranch: 'Select Branch',
      save: 'Save',
      activeBranch: 'Active Branch',
    });
    expect(en.userMenu).toMatchObject({
      online: 'Online',
      idle: 'Idle',
      bussy: 'Bussy',
      offline: 'Offline',
      changePassword: 'Change Password',
      logOut: 'Log Out',
    });
    expect(en.register).toMatchObject({
      withEmail: 'With Email',
      withSocial: 'With Social Network/Media',
      username: 'Username',
      email: 'Your Email',
      password: 'Your Password',
      passwordConfirm: 'Re-type Password',
    });
    expect(en.signIn).toMatchObject({
      remember: 'Remember',
      forgotPassword: 'Forgot Password',
      continue: 'Continue',
    });
    expect(en.resetPassword).toMatchObject({
      text: 'We will send reset password link to Your Email',
      send: 'Send Reset Link',
    });
    expect(en.lockScreen.hint).toBe('Hint: Type anything to unlock!');
  });

  it('German has its own words for them', () => {
    expect(de.changePassword.title).not.toBe(en.changePassword.title);
    expect(de.session.selectBranchTitle).not.toBe(en.session.selectBranchTitle);
  });
});
