import { Body, Container, Head, Heading, Html, Preview, Section, Text } from "@react-email/components";

/** The manager's test e-mail: proves the sending setup (transactional sender) end to end. */
export function TestEmail({
  siteName,
  sentAt,
  provider,
}: {
  siteName: string;
  sentAt: string;
  provider: string;
}) {
  const font = "Arial, 'Helvetica Neue', Helvetica, sans-serif";
  return (
    <Html lang="sr">
      <Head />
      <Preview>Test email sa sajta {siteName}</Preview>
      <Body style={{ backgroundColor: "#f1f5f9", fontFamily: font, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "600px", borderRadius: "8px" }}>
          <Section style={{ padding: "24px" }}>
            <Heading
              as="h1"
              style={{ fontSize: "20px", color: "#1e3a8a", margin: "0 0 12px", fontFamily: font }}
            >
              Test email
            </Heading>
            <Text style={{ fontSize: "15px", lineHeight: "22px", color: "#0f172a", fontFamily: font }}>
              Ovo je probna poruka iz administracije sajta {siteName}. Ako je čitate, slanje email-a radi.
            </Text>
            <Text style={{ fontSize: "13px", color: "#64748b", fontFamily: font }}>
              Poslato: {sentAt} · Provajder: {provider}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
