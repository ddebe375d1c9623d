/**
 * The site's short messages to one visitor (React Email, the newsletter's look at a smaller
 * scale): a heading, a few paragraphs, one button, and the small print with its links. Used for the
 * listing poster's management link and expiry reminder and for the alert confirmation; the alert
 * e-mail uses it as the template of a batch, with `%recipient.…%` placeholders the provider fills
 * per recipient (`slot` is where a recipient's own HTML goes).
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";

export type NoticeEmailProps = {
  siteName: string;
  siteUrl: string;
  preview: string;
  heading: string;
  paragraphs: readonly string[];
  /** Raw text placed after the paragraphs (a placeholder the provider fills with HTML). */
  slot?: string;
  action: { label: string; url: string };
  /** Small print under the button: a line of text, a link, or both. */
  notes: readonly { text?: string; link?: { label: string; url: string } }[];
};

const BRAND = "#1e3a8a";
const TEXT = "#0f172a";
const MUTED = "#64748b";
const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";

export function NoticeEmail({
  siteName,
  siteUrl,
  preview,
  heading,
  paragraphs,
  slot,
  action,
  notes,
}: NoticeEmailProps) {
  return (
    <Html lang="sr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f1f5f9", fontFamily: FONT, padding: "24px 0", margin: 0 }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "600px", borderRadius: "8px" }}>
          <Section style={{ padding: "20px 24px 0" }}>
            <Link
              href={siteUrl}
              style={{ color: BRAND, fontWeight: 700, fontSize: "16px", textDecoration: "none" }}
            >
              {siteName}
            </Link>
          </Section>
          <Section style={{ padding: "8px 24px 24px" }}>
            <Heading
              as="h1"
              style={{
                fontSize: "21px",
                lineHeight: "28px",
                color: BRAND,
                margin: "8px 0 12px",
                fontFamily: FONT,
              }}
            >
              {heading}
            </Heading>
            {paragraphs.map((p) => (
              <Text
                key={p}
                style={{
                  fontSize: "15px",
                  lineHeight: "22px",
                  color: TEXT,
                  margin: "0 0 12px",
                  fontFamily: FONT,
                }}
              >
                {p}
              </Text>
            ))}
            {slot ? <Section>{slot}</Section> : null}
            <Button
              href={action.url}
              style={{
                backgroundColor: BRAND,
                color: "#ffffff",
                borderRadius: "6px",
                padding: "12px 20px",
                fontSize: "15px",
                fontWeight: 700,
                textDecoration: "none",
                display: "inline-block",
                marginTop: "8px",
              }}
            >
              {action.label}
            </Button>
            <Hr style={{ borderColor: "#e2e8f0", margin: "24px 0 12px" }} />
            {notes.map((note, i) => (
              <Text
                key={i}
                style={{
                  fontSize: "13px",
                  lineHeight: "19px",
                  color: MUTED,
                  margin: "0 0 6px",
                  fontFamily: FONT,
                }}
              >
                {note.text}
                {note.link ? (
                  <>
                    {note.text ? " " : null}
                    <Link href={note.link.url} style={{ color: BRAND }}>
                      {note.link.label}
                    </Link>
                  </>
                ) : null}
              </Text>
            ))}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
