import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Preview,
  Section,
  Text,
} from "@react-email/components";

/** The one-time sign-in link (domain/users/sign-in-link.server.ts): good for 15 minutes, one sign-in. */
export function SignInLinkEmail({
  siteName,
  url,
  minutes,
  requestedFrom,
}: {
  siteName: string;
  url: string;
  minutes: number;
  requestedFrom: string;
}) {
  const font = "Arial, 'Helvetica Neue', Helvetica, sans-serif";
  const text = { fontSize: "15px", lineHeight: "22px", color: "#0f172a", fontFamily: font };
  return (
    <Html lang="sr">
      <Head />
      <Preview>Link za prijavu u administraciju sajta {siteName}</Preview>
      <Body style={{ backgroundColor: "#f1f5f9", fontFamily: font, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "600px", borderRadius: "8px" }}>
          <Section style={{ padding: "24px" }}>
            <Heading
              as="h1"
              style={{ fontSize: "20px", color: "#1e3a8a", margin: "0 0 12px", fontFamily: font }}
            >
              Prijava na novom uređaju
            </Heading>
            <Text style={text}>
              Neko (verovatno vi) je zatražio link za prijavu u administraciju sajta {siteName} sa adrese{" "}
              {requestedFrom}. Link važi {minutes} minuta i samo za jednu prijavu; lozinka se i dalje traži.
            </Text>
            <Button
              href={url}
              style={{
                backgroundColor: "#1d4ed8",
                color: "#ffffff",
                padding: "12px 20px",
                borderRadius: "6px",
                fontSize: "15px",
                fontFamily: font,
              }}
            >
              Prijavite se
            </Button>
            <Text style={{ ...text, fontSize: "13px", color: "#64748b" }}>
              Ako niste vi tražili link, zanemarite ovu poruku: bez vaše lozinke niko ne može da ga iskoristi.
            </Text>
            <Text style={{ ...text, fontSize: "12px", color: "#64748b", wordBreak: "break-all" }}>{url}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
