import { graphql } from '../../gql';

export const UnreadNotificationCountQuery = graphql(`
  query ConsoleUnreadNotificationCount {
    unreadNotificationCount
  }
`);

export const NotificationsQuery = graphql(`
  query ConsoleNotifications($first: Int, $after: String) {
    notifications(first: $first, after: $after) {
      edges {
        node {
          id
          kind
          caseId
          noteId
          actorName
          excerpt
          createdAt
          readAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const MarkNotificationsReadMutation = graphql(`
  mutation ConsoleMarkNotificationsRead($ids: [ID!], $all: Boolean) {
    markNotificationsRead(ids: $ids, all: $all)
  }
`);
