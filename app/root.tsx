import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorPage } from "./components/error-page";

export const meta: Route.MetaFunction = () => [
  { title: "Balkan Vozači — zajednica balkanskih vozača u Americi" },
  { name: "description", content: "Zajednica balkanskih vozača u Americi" },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="sr-Latn">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#172f6e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
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
