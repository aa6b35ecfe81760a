import { msg } from "../i18n/languages.js";

/** Order chat, support live chat and complaints: notifications and refusals. */
export const CHAT_TEXTS = {
  newMessageFrom: msg("New message from {{username}}"),
  newMessageFromSupport: msg("New message from Support"),
  adminOnlyUnderAppeal: msg("Admins can write in an order's chat only while it is under appeal."),
  noSuchMessage: msg("No such message in this chat."),
  tooFast: msg("You are sending messages too fast. Wait a moment and try again."),

  liveChatRequestTitle: msg("New Live Chat Request"),
  aUser: msg("A user"),
  liveChatWaiting: msg("{{username}} is waiting for support."),
  liveChatWaitingWithMessage: msg("{{username}} is waiting for support: {{message}}"),
  liveChatClosedTitle: msg("Support chat closed"),
  liveChatClosed: msg("Our support team closed your live chat. Open a new one any time from Live Chat."),
  liveChatSessionClosed: msg("This chat session is closed. Start a new one."),
  liveChatNotFound: msg("Chat session not found."),
} as const;

export const COMPLAINT_TEXTS = {
  notFound: msg("No such complaint."),
  closed: msg("This complaint is closed. File a new complaint if you still need help."),
  changedMeanwhile: msg("This complaint changed meanwhile. Reload it and try again."),
  cannotMoveTo: msg("This complaint is {{status}}; it can only move to {{next}}."),
  cannotMove: msg("This complaint is {{status}}; it cannot change any more."),
  replyTitle: msg("Reply to your complaint"),
  replied: msg('Support replied to "{{subject}}": {{message}}'),
} as const;

/** The notification of each status a complaint moves to: its title, and its message without and with the admin's note. */
export const COMPLAINT_STATUS_NOTICES = {
  open: {
    title: msg("Complaint open"),
    message: msg('Your complaint "{{subject}}" is open again.'),
    withNote: msg('Your complaint "{{subject}}" is open again. Note: {{note}}'),
  },
  in_review: {
    title: msg("Complaint in review"),
    message: msg('Your complaint "{{subject}}" is now being reviewed by our team.'),
    withNote: msg('Your complaint "{{subject}}" is now being reviewed by our team. Note: {{note}}'),
  },
  resolved: {
    title: msg("Complaint resolved"),
    message: msg('Your complaint "{{subject}}" has been resolved.'),
    withNote: msg('Your complaint "{{subject}}" has been resolved. Note: {{note}}'),
  },
  closed: {
    title: msg("Complaint closed"),
    message: msg('Your complaint "{{subject}}" has been closed.'),
    withNote: msg('Your complaint "{{subject}}" has been closed. Note: {{note}}'),
  },
} as const;

/** Complaint statuses as a sentence names them ("in review"). */
export const COMPLAINT_STATUS_WORDS = {
  open: msg("open"),
  in_review: msg("in review"),
  resolved: msg("resolved"),
  closed: msg("closed"),
} as const;

/** The moves COMPLAINT_TRANSITIONS allows from each status, in words; null where none is left. */
export const COMPLAINT_NEXT_MOVES = {
  open: msg("in review"),
  in_review: msg("resolved or closed"),
  resolved: null,
  closed: null,
} as const;
