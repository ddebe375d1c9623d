import type { forumComments, forumTopics } from "~/db/schema";
import { formatNumber, pickState } from "./articles";
import { forumAuthor } from "./people";
import { INTERSTATES } from "./places";
import { addHours, createRandom, type Random, REFERENCE_DATE } from "./random";

type Status = "pending" | "approved" | "rejected";
export type NewTopic = typeof forumTopics.$inferInsert;
export type NewComment = Omit<typeof forumComments.$inferInsert, "topicId">;
/** A topic with its comments; the comments get the topic id once the topic is inserted. */
export type TopicPlan = { topic: NewTopic; comments: NewComment[] };

export const TOPIC_COUNT = 100;
export const COMMENT_COUNT = 400;

const TOPIC_TITLES = [
  "Iskustva sa kompanijom {company}?",
  "Koja kompanija u državi {state} plaća najbolje po milji?",
  "Gde parkirati kamion u gradu {city} preko vikenda?",
  "Vlasnik-operater ili vozač u kompaniji – vaša iskustva?",
  "Polaganje CDL testa u državi {state} – koja su pitanja?",
  "Preporuka za knjigovođu za IFTA izveštaje",
  "Koji ELD uređaj koristite i zašto?",
  "Kazna na vagi u državi {state} – šta da radim?",
  "Najbolje mesto za jelo pored autoputa {highway}?",
  "Zimske ture preko Stenovitih planina – saveti?",
  "Tražim partnera za timsku vožnju iz grada {city}",
  "Koliko realno zarađujete mesečno posle troškova?",
  "Osiguranje za novi MC broj – koliko ste platili?",
  "Broker ne plaća već {days} dana – kome da se obratim?",
  "Servis za kamione u gradu {city} – preporuke?",
  "Kako ste naučili engleski za posao?",
  "Zdravlje na putu – kako se hranite?",
  "Hladnjača ili zatvorena prikolica – šta je bolje za početnika?",
  "Zamena vozačke dozvole iz Srbije u državi {state}",
  "Dispečer traži da vozim preko dozvoljenih sati – šta da radim?",
  "Kupovina prvog kamiona – gotovina ili kredit?",
  "Najgori putevi za vožnju zimi – vaše liste",
  "Porez za vozače na 1099 – kako prijavljujete?",
  "Ima li mesta za kamione u gradu {city} noću?",
];

const TOPIC_SENTENCES = [
  "Pozdrav svima, treba mi savet od iskusnijih kolega.",
  "Vozim već {years} godina, ali sa ovim se prvi put susrećem.",
  "Čuo sam različite priče pa bih voleo da čujem vaša iskustva.",
  "Radim za malu kompaniju iz države {state} i razmišljam o promeni.",
  "Zanima me kakva su vaša iskustva u poslednjih godinu dana.",
  "Ako neko zna nešto više, neka napiše ovde ili mi pošalje poruku.",
  "Svaki savet je dobrodošao, hvala unapred.",
  "Prošle nedelje sam imao problem baš sa ovim i izgubio sam ceo dan.",
];

const COMMENTS = [
  "Ja sam kod njih bio dve godine, sve isplaćuju na vreme.",
  "Izbegavaj ih, kasne sa isplatom i dispečeri su neljubazni.",
  "Probaj na odmorištu kod izlaza {exit}, obično ima mesta posle 22 časa.",
  "Slažem se sa prethodnim komentarom.",
  "Hvala brate, mnogo si mi pomogao.",
  "Zavisi od ture, ne može se reći uopšteno.",
  "Meni je hladnjača bolja, ima posla i zimi.",
  "Kupi polovan kamion sa novijim motorom i čuvaj pare za popravke.",
  "Pozovi ih direktno, ja sam tako rešio problem za jedan dan.",
  "Ima jedan naš knjigovođa u gradu {city}, javi mi se u poruci.",
  "Ne veruj oglasima koji obećavaju 90 centi po milji.",
  "Za mene je najbitnije da sam vikendom kod kuće.",
  "ELD koji mi koristimo radi bez problema već dve godine.",
  "Kazna se može osporiti, ali ti treba advokat.",
  "Ja sam položio iz prvog pokušaja, samo uči testove na vreme.",
  "Hranim se uglavnom u kabini, imam frižider i mikrotalasnu.",
  "Proveri brokera pre ture, ima ih dosta bez ocena.",
  "Sve zavisi od kompanije, ima dobrih i loših.",
  "I ja imam isto pitanje, pratim temu.",
  "Pre {years} godina je bilo mnogo lakše, sad je sve skuplje.",
  "Preporučujem servis u gradu {city}, rade brzo i pošteno.",
  "Meni je osiguranje za prvu godinu bilo oko {money} dolara.",
  "Javi se, i ja tražim partnera za tim.",
  "Na autoputu {highway} zimi uvek nosi lance, ozbiljno.",
  "Najbolje je da pitaš u svojoj kompaniji, oni znaju pravila za tvoju državu.",
];

/** What moderators reject: advertising and spam in the comments. */
const SPAM = [
  "Zaradite 5.000 dolara nedeljno od kuće, pišite mi u poruci!",
  "Prodajem dozvole i papire, brzo i sigurno, javite se.",
  "Posetite moj sajt za najjeftinije kredite bez provere.",
];

const COMMENTER_COMPANIES = [
  "Drina Express LLC",
  "Morava Trucking Inc",
  "Sava Carriers LLC",
  "Una Freight Lines",
  "Balkan Transport Inc",
  "Tara Logistics LLC",
];

function forumContext(rng: Random): Record<string, string> {
  const state = pickState(rng);
  return {
    state: state.name,
    city: rng.pick(state.cities).name,
    highway: rng.pick(INTERSTATES),
    company: rng.pick(COMMENTER_COMPANIES),
    days: String(rng.pick([30, 35, 40, 45, 60, 90])),
    years: String(rng.pick([5, 6, 7, 8, 10, 12, 15, 20])),
    exit: String(rng.int(5, 300)),
    money: formatNumber(rng.int(12, 30) * 1000),
  };
}

const fill = (text: string, context: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => context[key]);

function status(rng: Random, approved: number, pending: number, rejected: number): Status {
  return rng.weighted<Status>(["approved", "pending", "rejected"], [approved, pending, rejected]);
}

/** Reactions: most posts get a few, a handful get many. */
const likes = (rng: Random) => Math.floor(60 * rng.float() ** 3);
const dislikes = (rng: Random) => Math.floor(12 * rng.float() ** 4);

function buildTopic(rng: Random, reference: Date): NewTopic {
  const context = forumContext(rng);
  const sentences = rng.sample(TOPIC_SENTENCES, rng.int(2, 3)).map((s) => fill(s, context));
  return {
    title: fill(rng.pick(TOPIC_TITLES), context),
    content: sentences.join(" "),
    author: forumAuthor(rng),
    companyName: rng.chance(0.3) ? rng.pick(COMMENTER_COMPANIES) : null,
    status: status(rng, 60, 25, 15),
    likes: likes(rng),
    dislikes: dislikes(rng),
    createdAt: rng.daysBefore(reference, 0.2, 540),
  };
}

function buildComment(rng: Random, topic: NewTopic, reference: Date): NewComment {
  const commentStatus = status(rng, 65, 25, 10);
  const spam = commentStatus === "rejected" && rng.chance(0.6);
  const created = topic.createdAt as Date;
  const hours = Math.max(1, Math.min(24 * 30, (reference.getTime() - created.getTime()) / 3_600_000));
  return {
    content: spam ? rng.pick(SPAM) : fill(rng.pick(COMMENTS), forumContext(rng)),
    author: forumAuthor(rng),
    status: commentStatus,
    likes: likes(rng) >> 1,
    dislikes: dislikes(rng),
    createdAt: addHours(created, 0.2 + rng.float() * hours),
  };
}

/** 100 topics with 400 comments in all, mostly under approved topics, each thread oldest first. */
export function buildForum(reference = REFERENCE_DATE): TopicPlan[] {
  const rng = createRandom("forum");
  const plans: TopicPlan[] = Array.from({ length: TOPIC_COUNT }, () => ({
    topic: buildTopic(rng, reference),
    comments: [],
  }));
  plans.sort((a, b) => (a.topic.createdAt as Date).getTime() - (b.topic.createdAt as Date).getTime());
  const weights = plans.map(({ topic }) => (topic.status === "approved" ? 6 : 1) + (topic.likes ?? 0) / 10);
  for (let i = 0; i < COMMENT_COUNT; i++) {
    const plan = rng.weighted(plans, weights);
    plan.comments.push(buildComment(rng, plan.topic, reference));
  }
  for (const plan of plans) {
    plan.comments.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
    // The public list is ordered by the newest activity: the topic or its newest approved comment.
    const approved = plan.comments.filter((c) => c.status === "approved").map((c) => c.createdAt as Date);
    plan.topic.lastActivityAt = approved.reduce(
      (latest, at) => (at > latest ? at : latest),
      plan.topic.createdAt as Date,
    );
  }
  return plans;
}
