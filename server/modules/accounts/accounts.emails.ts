// The account emails. Links always start at APP_URL (never the Host header) and lead to client
// pages, which then POST: an email scanner that prefetches a link changes nothing.
import { SIGN_OFF, type MailMessage } from "../../mail/mailer";

export function verificationEmail(o: { appUrl: string; to: string; name: string; token: string }): MailMessage {
  return {
    to: o.to,
    subject: "Verify your email address",
    text:
      `Hi ${o.name},\n\n` +
      `Thanks for registering your team on the Doubles Ladder. Please confirm your email address by opening this link:\n\n` +
      `${o.appUrl}/verify-email/${o.token}\n\n` +
      `The link works once and expires in 24 hours. If you did not register, you can ignore this email.` +
      SIGN_OFF,
  };
}

export function partnerInviteEmail(o: {
  appUrl: string;
  to: string;
  partnerName: string;
  captainName: string;
  teamName: string;
  token: string;
}): MailMessage {
  return {
    to: o.to,
    subject: `You're invited to join ${o.teamName} on the Doubles Ladder`,
    text:
      `Hi ${o.partnerName},\n\n` +
      `${o.captainName} registered the team "${o.teamName}" on the Doubles Ladder with you as their partner.\n\n` +
      `Choose your own username and password here:\n\n` +
      `${o.appUrl}/accept-invite/${o.token}\n\n` +
      `The link works once and expires in 7 days. If you don't know ${o.captainName}, you can ignore this email.` +
      SIGN_OFF,
  };
}

export function welcomeEmail(o: { appUrl: string; to: string; name: string; approved: boolean }): MailMessage {
  return {
    to: o.to,
    subject: "Welcome to the Doubles Ladder",
    text:
      `Hi ${o.name},\n\n` +
      `Your email address is verified. Welcome to the Doubles Ladder!\n\n` +
      (o.approved
        ? `Your account is approved: sign in and challenge a team.\n\n`
        : `An administrator will review your registration shortly. Until then you can sign in and browse the ladder; challenges open once you are approved.\n\n`) +
      `${o.appUrl}/auth` +
      SIGN_OFF,
  };
}

export function usernameRecoveryEmail(o: { appUrl: string; to: string; name: string; username: string }): MailMessage {
  return {
    to: o.to,
    subject: "Your Doubles Ladder username",
    text:
      `Hi ${o.name},\n\n` +
      `Someone (hopefully you) asked for the username of the account registered with this email address.\n\n` +
      `Your username is: ${o.username}\n\n` +
      `Sign in here: ${o.appUrl}/auth\n\n` +
      `If you did not ask for this, you can ignore this email.` +
      SIGN_OFF,
  };
}

export function passwordResetEmail(o: { appUrl: string; to: string; name: string; token: string }): MailMessage {
  return {
    to: o.to,
    subject: "Reset your Doubles Ladder password",
    text:
      `Hi ${o.name},\n\n` +
      `Someone (hopefully you) asked to reset the password of your Doubles Ladder account. Choose a new password here:\n\n` +
      `${o.appUrl}/reset-password/${o.token}\n\n` +
      `The link works once and expires in 60 minutes. If you did not ask for this, you can ignore this email: your password stays the same.` +
      SIGN_OFF,
  };
}

export function passwordChangedEmail(o: { appUrl: string; to: string; name: string; adminEmail: string }): MailMessage {
  return {
    to: o.to,
    subject: "Your Doubles Ladder password was changed",
    text:
      `Hi ${o.name},\n\n` +
      `The password of your Doubles Ladder account was just changed, and every signed-in device was signed out.\n\n` +
      `If this wasn't you, reset your password at ${o.appUrl}/auth and contact the administrator at ${o.adminEmail}.` +
      SIGN_OFF,
  };
}

/** What an approved member may now do: only captains send and answer challenges (docs/product.md#permissions). */
const approvedCan = (isCaptain: boolean): string =>
  isCaptain
    ? "You can now challenge teams and be challenged."
    : "Your team can now challenge and be challenged: your captain sends and answers challenges, and you can confirm or dispute results.";

export function accountApprovedEmail(o: { appUrl: string; to: string; name: string; hasLogin: boolean; isCaptain: boolean }): MailMessage {
  return {
    to: o.to,
    subject: "Your Doubles Ladder account is approved",
    text:
      `Hi ${o.name},\n\n` +
      `An administrator approved your account. ` +
      (o.hasLogin
        ? `${approvedCan(o.isCaptain)}\n\nSign in: ${o.appUrl}/auth`
        : `To sign in, choose your username and password with the invitation link we emailed you earlier.`) +
      SIGN_OFF,
  };
}

export function registrationRejectedEmail(o: { to: string; name: string; reason: string; adminEmail: string }): MailMessage {
  return {
    to: o.to,
    subject: "Your Doubles Ladder registration was not approved",
    text:
      `Hi ${o.name},\n\n` +
      `An administrator reviewed your registration and did not approve it.\n\n` +
      `Reason: ${o.reason}\n\n` +
      `If you think this is a mistake, please contact the administrator at ${o.adminEmail}.` +
      SIGN_OFF,
  };
}

/** To the owner of an address someone tried to register a new team with (nothing was created). */
export function addressInUseEmail(o: { appUrl: string; to: string; name: string; username: string | null; teamName: string }): MailMessage {
  return {
    to: o.to,
    subject: "Someone tried to register with your email address",
    text:
      `Hi ${o.name},\n\n` +
      `Someone tried to register the team "${o.teamName}" on the Doubles Ladder with this email address, which already belongs to your account. Nothing was created or changed.\n\n` +
      (o.username
        ? `If it was you: your username is ${o.username}. Sign in at ${o.appUrl}/auth, or use Forgot Password there.\n\n`
        : `If it was you: your account has no login yet. Use the invitation link your captain's registration sent you, or ask for a new one at ${o.appUrl}/auth.\n\n`) +
      `If it wasn't you, you can ignore this email.` +
      SIGN_OFF,
  };
}

/** To the owner of an address someone named as their partner (nothing was created). */
export function partnerAddressInUseEmail(o: { appUrl: string; to: string; name: string; captainName: string; teamName: string }): MailMessage {
  return {
    to: o.to,
    subject: "Someone named you as their partner on the Doubles Ladder",
    text:
      `Hi ${o.name},\n\n` +
      `${o.captainName} tried to register the team "${o.teamName}" with this email address as their partner. Your address already belongs to an account, so nothing was created and your account is unchanged.\n\n` +
      `To play in another team, contact the administrator. Sign in: ${o.appUrl}/auth` +
      SIGN_OFF,
  };
}

/** To the captain's address of a registration that could not be completed. */
export function registrationNotCompletedEmail(o: {
  appUrl: string;
  to: string;
  name: string;
  reason: "partner-address" | "username";
  username?: string;
}): MailMessage {
  return {
    to: o.to,
    subject: "Your Doubles Ladder registration was not completed",
    text:
      `Hi ${o.name},\n\n` +
      (o.reason === "username"
        ? `The username ${o.username ?? ""} was taken by another registration a moment before yours, so your team was not created.\n\n`
        : `Your team was not created: your partner's email address cannot be used for a new account. If your partner already has an account, contact the administrator; otherwise check the address.\n\n`) +
      `You can register again at ${o.appUrl}/auth. If you did not register, you can ignore this email.` +
      SIGN_OFF,
  };
}

/** To the captain: the new partner's address cannot be used (never said in the API's answer). */
export function partnerInviteNotSentEmail(o: { appUrl: string; to: string; name: string; partnerEmail: string }): MailMessage {
  return {
    to: o.to,
    subject: "Your partner invitation was not sent",
    text:
      `Hi ${o.name},\n\n` +
      `The address ${o.partnerEmail} cannot be used for a new partner account. If your partner already has an account, contact the administrator; otherwise check the address and invite again from your profile: ${o.appUrl}/profile` +
      SIGN_OFF,
  };
}
