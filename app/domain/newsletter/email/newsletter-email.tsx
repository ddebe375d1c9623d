/**
 * The newsletter as e-mail HTML (React Email): a 600 px table layout with inline styles, absolute
 * URLs, images with width and alt, readable in Gmail, Outlook and Apple Mail and at phone width
 * (images scale down with `width:100%; max-width`). `unsubscribeUrl` is a template placeholder
 * the provider fills per recipient (`%recipient.unsubscribe_url%`).
 */
import {
  Body,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from "@react-email/components";

export type EmailArticle = {
  title: string;
  excerpt: string;
  url: string;
  /** The visible link text (cut at 30 characters). */
  label: string;
  category: string;
  dateLabel: string;
  image: { url: string; width: number; height: number | null } | null;
};

export type EmailJobAd = {
  title: string;
  company: string;
  location: string;
  pay: string;
  description: string;
  url: string;
  label: string;
};

export type NewsletterEmailProps = {
  siteName: string;
  siteUrl: string;
  siteLabel: string;
  dateLabel: string;
  preheader: string;
  intro: string;
  articles: EmailArticle[];
  jobAds: EmailJobAd[] | null;
  jobsUrl: string;
  advertising: { text: string; contact: string | null };
  unsubscribeUrl: string;
};

const BRAND = "#1e3a8a";
const ACCENT = "#2563eb";
const TEXT = "#0f172a";
const MUTED = "#475569";
const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";
export const CONTENT_WIDTH = 560;

const styles = {
  body: { backgroundColor: "#f1f5f9", margin: "0", padding: "24px 0", fontFamily: FONT, color: TEXT },
  container: { backgroundColor: "#ffffff", maxWidth: "600px", width: "100%", borderRadius: "8px" },
  header: { backgroundColor: BRAND, padding: "20px 20px", borderRadius: "8px 8px 0 0" },
  brand: { color: "#ffffff", fontSize: "22px", fontWeight: "bold", margin: "0", fontFamily: FONT },
  date: { color: "#cbd5e1", fontSize: "13px", margin: "4px 0 0", fontFamily: FONT },
  section: { padding: "0 20px" },
  intro: { fontSize: "16px", lineHeight: "24px", color: TEXT, margin: "20px 0 8px", fontFamily: FONT },
  meta: {
    fontSize: "12px",
    letterSpacing: "0.5px",
    textTransform: "uppercase" as const,
    color: MUTED,
    margin: "14px 0 4px",
    fontFamily: FONT,
  },
  title: { fontSize: "20px", lineHeight: "26px", margin: "0 0 8px", fontFamily: FONT },
  titleLink: { color: TEXT, textDecoration: "none" },
  excerpt: { fontSize: "15px", lineHeight: "22px", color: "#334155", margin: "0 0 8px", fontFamily: FONT },
  more: { fontSize: "14px", color: ACCENT, fontWeight: "bold", fontFamily: FONT },
  image: {
    display: "block",
    width: "100%",
    maxWidth: `${CONTENT_WIDTH}px`,
    height: "auto",
    border: "0",
    borderRadius: "6px",
  },
  h2: { fontSize: "18px", color: BRAND, margin: "24px 0 4px", fontFamily: FONT },
  job: { backgroundColor: "#f8fafc", border: "1px solid #e2e8f0", borderRadius: "6px", padding: "12px 14px" },
  jobTitle: { fontSize: "16px", fontWeight: "bold", color: TEXT, margin: "0 0 2px", fontFamily: FONT },
  jobMeta: { fontSize: "13px", color: MUTED, margin: "0 0 6px", fontFamily: FONT },
  ad: { backgroundColor: "#fef3c7", borderRadius: "6px", padding: "14px 16px" },
  adText: { fontSize: "14px", lineHeight: "21px", color: "#78350f", margin: "0", fontFamily: FONT },
  footer: { fontSize: "12px", lineHeight: "18px", color: "#64748b", margin: "0 0 6px", fontFamily: FONT },
  footerLink: { color: "#64748b", textDecoration: "underline" },
};

function ArticleBlock({ article }: { article: EmailArticle }) {
  return (
    <Section style={{ padding: "8px 0 16px" }}>
      {article.image ? (
        <Link href={article.url}>
          <Img
            src={article.image.url}
            width={CONTENT_WIDTH}
            height={article.image.height ?? undefined}
            alt={article.title}
            style={styles.image}
          />
        </Link>
      ) : null}
      <Text style={styles.meta}>
        {article.category} · {article.dateLabel}
      </Text>
      <Heading as="h2" style={styles.title}>
        <Link href={article.url} style={styles.titleLink}>
          {article.title}
        </Link>
      </Heading>
      {article.excerpt ? <Text style={styles.excerpt}>{article.excerpt}</Text> : null}
      <Link href={article.url} style={styles.more}>
        Pročitajte više: {article.label}
      </Link>
    </Section>
  );
}

function JobAdBlock({ ad }: { ad: EmailJobAd }) {
  return (
    <Section style={{ padding: "0 0 10px" }}>
      <Row>
        <Column style={styles.job}>
          <Text style={styles.jobTitle}>{ad.title}</Text>
          <Text style={styles.jobMeta}>
            {ad.company} · {ad.location} · {ad.pay}
          </Text>
          <Text style={{ ...styles.excerpt, fontSize: "14px", margin: "0 0 6px" }}>{ad.description}</Text>
          <Link href={ad.url} style={styles.more}>
            {ad.label}
          </Link>
        </Column>
      </Row>
    </Section>
  );
}

function JobAdsSection({ jobAds, jobsUrl }: Pick<NewsletterEmailProps, "jobAds" | "jobsUrl">) {
  if (!jobAds || jobAds.length === 0) return null;
  return (
    <Section style={styles.section}>
      <Hr style={{ borderColor: "#e2e8f0", margin: "8px 0" }} />
      <Heading as="h2" style={styles.h2}>
        Poslovi za vozače
      </Heading>
      <Text style={{ ...styles.excerpt, color: MUTED }}>Najnoviji oglasi za posao sa našeg sajta.</Text>
      {jobAds.map((ad) => (
        <JobAdBlock key={`${ad.title}-${ad.company}`} ad={ad} />
      ))}
      <Link href={jobsUrl} style={styles.more}>
        Svi poslovi
      </Link>
    </Section>
  );
}

function AdvertisingSection({ advertising }: Pick<NewsletterEmailProps, "advertising">) {
  return (
    <Section style={{ ...styles.section, paddingTop: "20px" }}>
      <Row>
        <Column style={styles.ad}>
          <Text style={{ ...styles.adText, fontWeight: "bold", marginBottom: "4px" }}>
            Oglašavajte se kod nas
          </Text>
          <Text style={styles.adText}>
            {advertising.text}
            {advertising.contact ? (
              <>
                {" "}
                Pišite nam na{" "}
                <Link href={`mailto:${advertising.contact}`} style={{ color: "#78350f" }}>
                  {advertising.contact}
                </Link>
                .
              </>
            ) : (
              " Odgovorite na ovaj email i javićemo vam se."
            )}
          </Text>
        </Column>
      </Row>
    </Section>
  );
}

function EmailFooter(
  props: Pick<NewsletterEmailProps, "siteName" | "siteUrl" | "siteLabel" | "unsubscribeUrl">,
) {
  return (
    <Section style={{ ...styles.section, padding: "20px 20px 24px" }}>
      <Hr style={{ borderColor: "#e2e8f0", margin: "0 0 16px" }} />
      <Text style={styles.footer}>
        Ovaj email ste dobili jer ste se prijavili na newsletter sajta {props.siteName} (
        <Link href={props.siteUrl} style={styles.footerLink}>
          {props.siteLabel}
        </Link>
        ).
      </Text>
      <Text style={styles.footer}>
        Ne želite više da primate naš newsletter?{" "}
        <Link href={props.unsubscribeUrl} style={styles.footerLink}>
          Odjavite se jednim klikom
        </Link>
        .
      </Text>
    </Section>
  );
}

export function NewsletterEmail(props: NewsletterEmailProps) {
  return (
    <Html lang="sr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{props.preheader}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Link href={props.siteUrl} style={{ textDecoration: "none" }}>
              <Text style={styles.brand}>{props.siteName}</Text>
            </Link>
            <Text style={styles.date}>Newsletter · {props.dateLabel}</Text>
          </Section>
          <Section style={styles.section}>
            <Text style={styles.intro}>{props.intro}</Text>
            {props.articles.map((article) => (
              <ArticleBlock key={article.url} article={article} />
            ))}
          </Section>
          <JobAdsSection jobAds={props.jobAds} jobsUrl={props.jobsUrl} />
          <AdvertisingSection advertising={props.advertising} />
          <EmailFooter
            siteName={props.siteName}
            siteUrl={props.siteUrl}
            siteLabel={props.siteLabel}
            unsubscribeUrl={props.unsubscribeUrl}
          />
        </Container>
      </Body>
    </Html>
  );
}
