// The emails the admin's actions send. Links start at APP_URL.
import { SIGN_OFF, type MailMessage } from "../../mail/mailer";

export function suspensionEmail(o: { to: string; name: string; reason: string; adminEmail: string }): MailMessage {
  return {
    to: o.to,
    subject: "Your Doubles Ladder account has been suspended",
    text:
      `Hi ${o.name},\n\n` +
      `An administrator has suspended your Doubles Ladder account.\n\n` +
      `Reason: ${o.reason}\n\n` +
      `While it is suspended you cannot sign in. If you think this is a mistake, please contact the administrator at ${o.adminEmail}.` +
      SIGN_OFF,
  };
}

export function unsuspensionEmail(o: { appUrl: string; to: string; name: string }): MailMessage {
  return {
    to: o.to,
    subject: "Your Doubles Ladder account is active again",
    text: `Hi ${o.name},\n\nAn administrator has lifted the suspension of your account. You can sign in again:\n\n${o.appUrl}/auth` + SIGN_OFF,
  };
}

export function teamRestoredEmail(o: { appUrl: string; to: string; name: string; teamName: string }): MailMessage {
  return {
    to: o.to,
    subject: `Welcome back: ${o.teamName} is on the ladder again`,
    text:
      `Hi ${o.name},\n\n` +
      `Good news: an administrator has restored your team "${o.teamName}". Your ratings and match history are as you left them, ` +
      `and you can sign in and challenge teams again:\n\n${o.appUrl}/auth` +
      SIGN_OFF,
  };
}

export function promotedEmail(o: { appUrl: string; to: string; name: string; byName: string }): MailMessage {
  return {
    to: o.to,
    subject: "You are now a Doubles Ladder administrator",
    text:
      `Hi ${o.name},\n\n` +
      `${o.byName} made you an administrator of the Doubles Ladder. The Admin Panel is in the menu once you sign in:\n\n${o.appUrl}/admin\n\n` +
      `If you did not expect this, tell the club's other administrators.` +
      SIGN_OFF,
  };
}

export function demotedEmail(o: { to: string; name: string; byName: string }): MailMessage {
  return {
    to: o.to,
    subject: "You are no longer a Doubles Ladder administrator",
    text: `Hi ${o.name},\n\n${o.byName} removed your administrator rights on the Doubles Ladder. Your account stays as it was otherwise.` + SIGN_OFF,
  };
}
