/** Short, friendly demo conversations. `unread`: how many trailing lines the demo account has not read yet. */
export interface ChatLine {
  fromAccount: boolean;
  text: string;
  /** minutes after the previous line */
  afterMinutes: number;
}

export interface ChatScript {
  lines: readonly ChatLine[];
  unread: number;
}

const me = (text: string, afterMinutes = 7): ChatLine => ({ fromAccount: true, text, afterMinutes });
const peer = (text: string, afterMinutes = 9): ChatLine => ({ fromAccount: false, text, afterMinutes });

export const CHAT_SCRIPTS: readonly ChatScript[] = [
  {
    unread: 0,
    lines: [
      me('Hi! Love the photo, is that a real smile or a camera smile? 😄', 0),
      peer('Haha, 100% real. I was laughing at my friend falling off a paddle board.'),
      me('Classic. Do you do a lot of water sports?'),
      peer('Summers mostly. Winters are for board games and far too much tea.'),
      me('Sounds like a perfect balance.'),
    ],
  },
  {
    unread: 2,
    lines: [
      peer('Hello! I see we both like travelling. Best trip so far?', 0),
      me('Portugal last spring, the coast near Porto was amazing. You?', 42),
      peer('Japan, without a doubt. The food alone was worth the flight.'),
      peer('What is next on your list?', 2),
    ],
  },
  {
    unread: 0,
    lines: [
      peer('Good morning! Coffee or tea person?', 0),
      me('Coffee, strong, no sugar. Don’t judge me.'),
      peer('No judgement, same here. We might get along 😉'),
      me('Then you owe me a flat white sometime.', 15),
      peer('Deal. I know a place with the best cinnamon buns in town.'),
      me('Now you are speaking my language ☕'),
    ],
  },
  {
    unread: 1,
    lines: [
      peer('Hi! Your profile made me smile. How is your week going?', 0),
      me('Hey! Thanks, that’s sweet 😊 Busy but good. Yours?', 25),
      peer('Pretty good! Just got back from a bike ride out to the lake.'),
      me('Nice, I love cycling too. How far did you go?'),
      peer('About 40 km there and back. Fancy joining next time? Coffee afterwards is the real goal.', 12),
    ],
  },
  {
    unread: 2,
    lines: [
      peer('Hi, I hope you don’t mind me writing. You seem really down-to-earth.', 0),
      peer('I would love to hear what brought you here 🙂', 3),
    ],
  },
];

export const SOPHIE_JAMES_SCRIPT: ChatScript = {
  unread: 1,
  lines: [
    // fromAccount = Sophie (the conversation is written from her side)
    peer('Hi Sophie! I’m in Amsterdam for work next month. Any tips?', 0),
    me('Hi James! Skip the tourist boats, rent a bike and get lost in the Jordaan 🚲', 18),
    peer('A bike in Amsterdam traffic? Brave advice 😅', 6),
  ],
};

/**
 * A chat of Sophie's from over a month ago: she is a free member, so all of it is past the history
 * cut, and the demo shows the list entry and the thread with "Older messages are no longer
 * visible to protect your privacy."
 */
export const SOPHIE_OLD_SCRIPT: ChatScript = {
  unread: 0,
  lines: [
    peer('Hey Sophie, I saw you like photography too. What do you shoot?', 0),
    me('Mostly street photos when I travel. And you?', 25),
    peer('Landscapes, early in the morning before anyone is out.', 12),
  ],
};
