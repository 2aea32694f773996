import { graphql } from '../../gql';

export const QueuesQuery = graphql(`
  query ConsoleQueues {
    queues {
      id
      name
      conditions
      assignment {
        mode
        capacity
      }
      members {
        memberId
        name
        available
        openCases
      }
      openCount
      unassignedCount
      oldestAgeSeconds
      slaBreaches
    }
    availability {
      available
      until
    }
  }
`);

export const QueueMembersQuery = graphql(`
  query ConsoleQueueMembers {
    members {
      id
      name
      email
      role
    }
  }
`);

export const NextCaseMutation = graphql(`
  mutation ConsoleNextCase($queueId: ID!) {
    nextCase(queueId: $queueId) {
      caseId
    }
  }
`);

export const SetAvailabilityMutation = graphql(`
  mutation ConsoleSetAvailability($available: Boolean!) {
    setAvailability(available: $available) {
      available
      until
    }
  }
`);

export const SetQueuesMutation = graphql(`
  mutation ConsoleSetQueues($input: [QueueInput!]!) {
    setQueues(input: $input) {
      id
    }
  }
`);
