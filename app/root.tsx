import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorPage } from "./components/error-page";
import { useNonce } from "./components/nonce";
import { SITE_NAME } from "./components/public/site-sections";
import { APPLE_TOUCH_ICON, THEME_COLOR } from "./domain/offline/manifest";
import enhanceScript from "./public-client/enhance.ts?worker&url";

export const meta: Route.MetaFunction = () => [
  { title: "Balkan Vozači — zajednica balkanskih vozača u Americi" },
  { name: "description", content: "Zajednica balkanskih vozača u Americi" },
];

/** The back office is a React app; the public site is server-rendered HTML (docs/decisions/065). */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const admin = isAdminPath(pathname);
  return (
    <html lang="sr-Latn">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {admin ? null : (
          <>
            {/* The installable app (docs/decisions/310); a Cyrillic page links its own manifest. */}
            <link rel="manifest" href="/manifest.webmanifest" />
            <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />
          </>
        )}
        {admin ? null : (
          <link
            rel="search"
            type="application/opensearchdescription+xml"
            title={SITE_NAME}
            href="/opensearch.xml"
          />
        )}
        <Meta />
        <Links />
        {admin ? null : <script src={enhanceScript} defer nonce={nonce} />}
      </head>
      <body className="min-h-screen">
        {children}
        {admin ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: string } | undefined)?.message;
    return <ErrorPage status={error.status} message={message} />;
  }
  if (import.meta.env.DEV && error instanceof Error) {
    return <ErrorPage status={500} message={error.message} stack={error.stack} />;
  }
  return <ErrorPage status={500} />;
}
